// Package lazymapuse loads a file through another package's Sink.Write,
// which makes its Appenders lazily: go vet analyses sink first, so sink's
// finding cannot name this loop, and the loop is reported here.
package lazymapuse

import (
	"bufio"
	"io"

	sink "example.com/fixtures/lazymap"
)

func ImportWords(s *sink.Sink, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		if err := s.Write("words", sc.Text()); err != nil { // want `^DuckDB Appender fed in a loop outside a transaction \(via sink\.Sink\.Write, one row per call\)`
			return err
		}
	}
	return sc.Err()
}
