package storage

import (
	"cmp"
	"slices"
)

// segment is where one column segment is stored.
type segment struct {
	group         int // index into GroupRows
	block, offset int64
	extra         int64 // additional whole blocks (long strings, large segments)
}

// apportionBytes sets every table's StoredBytes. pragma_storage_info gives
// each segment's block and offset but not its size, and DuckDB packs the
// segments of many columns (and tables) into one block. So the segments of
// one database's block are ordered by offset, each is charged up to the
// next one's offset, the last one up to the end of the block, and every
// additional block in full. Summed over the tables this is the used block
// space minus the metadata blocks.
func apportionBytes(tables []Table, blockSize map[string]int64) {
	type owned struct {
		offset       int64
		table, group int
	}
	type key struct {
		db    string
		block int64
	}
	blocks := map[key][]owned{}
	for i := range tables {
		t := &tables[i]
		bs := blockSize[t.Database]
		t.groupBytes = make([]int64, len(t.GroupRows))
		for _, s := range t.segments {
			k := key{t.Database, s.block}
			blocks[k] = append(blocks[k], owned{s.offset, i, s.group})
			t.groupBytes[s.group] += s.extra * bs
		}
	}
	for k, segs := range blocks {
		slices.SortFunc(segs, func(a, b owned) int { return cmp.Compare(a.offset, b.offset) })
		end := blockSize[k.db]
		for i := len(segs) - 1; i >= 0; i-- {
			if end > segs[i].offset {
				tables[segs[i].table].groupBytes[segs[i].group] += end - segs[i].offset
			}
			end = segs[i].offset
		}
	}
	for i := range tables {
		for _, b := range tables[i].groupBytes {
			tables[i].StoredBytes += b
		}
	}
}
