// Package singleflight has the API of golang.org/x/sync/singleflight,
// which the fixtures module does not require: Do runs fn once per key
// at a time, in the caller's goroutine.
package singleflight

// Group runs each key's function once at a time.
type Group struct{}

// Do runs fn and returns its results.
func (g *Group) Do(key string, fn func() (any, error)) (v any, err error, shared bool) {
	v, err = fn()
	return v, err, false
}
