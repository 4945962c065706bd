// Package importer loads files into the warehouse through the pool the
// warehouse package hands out: it never imports database/sql itself.
package importer

import (
	"bufio"
	"context"
	"os"
	"strings"

	"example.com/fixtures/warehouse"
)

type Importer struct {
	wh *warehouse.Warehouse
}

func New(wh *warehouse.Warehouse) *Importer { return &Importer{wh: wh} }

// ImportVisits writes one row per line of a visits file.
func (im *Importer) ImportVisits(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		page, referrer, _ := strings.Cut(sc.Text(), "\t")
		if _, err := im.wh.DB.ExecContext(ctx, "INSERT INTO visits (page, referrer) VALUES (?, ?)", page, referrer); err != nil { // want `one-row INSERT per loop iteration \(each statement commits alone`
			return err
		}
	}
	return sc.Err()
}
