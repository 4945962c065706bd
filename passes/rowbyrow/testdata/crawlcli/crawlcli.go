// Package crawlcli seeds the crawl queue from a file of URLs.
package crawlcli

import (
	"bufio"
	"os"
	"strings"

	"example.com/fixtures/crawlstate"
)

// Seed enqueues every URL of a seed file, one a line.
func Seed(st *crawlstate.State, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var items []crawlstate.Item
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		items = append(items, crawlstate.Item{URL: line, Priority: 10})
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return st.EnqueueBatch(items) // want `EnqueueBatch writes one row \(INSERT\) per element of items, read in bulk \(in the transaction each statement runs alone: about 720 µs`
}

// Start enqueues the start page.
func Start(st *crawlstate.State, home string) error {
	return st.EnqueueBatch([]crawlstate.Item{{URL: home, Priority: 100}})
}
