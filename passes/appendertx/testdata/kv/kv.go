// Package kv has the cursor API of go.etcd.io/bbolt, which the fixtures
// module does not require.
package kv

// Bucket is a collection of keys and values.
type Bucket struct{}

// Cursor returns a cursor over the bucket's keys, in order.
func (b *Bucket) Cursor() *Cursor { return &Cursor{} }

// Cursor walks a bucket's keys.
type Cursor struct{}

// First moves to the first key.
func (c *Cursor) First() (key, value []byte) { return nil, nil }

// Next moves to the next key.
func (c *Cursor) Next() (key, value []byte) { return nil, nil }
