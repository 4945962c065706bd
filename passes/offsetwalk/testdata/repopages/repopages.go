// Package sitemap lists every book and author of the catalog, through
// the interface the web layer uses, to write the site map.
package sitemap

import (
	"context"
	"fmt"
	"io"

	"example.com/fixtures/repopages/catalog"
)

type Catalog interface {
	ListBooks(ctx context.Context, page, perPage int) ([]catalog.Book, error)
	ListAuthors(ctx context.Context, opts catalog.ListOptions) ([]catalog.Book, error)
}

func Books(ctx context.Context, c Catalog, w io.Writer) error {
	for page := 1; ; page++ {
		books, err := c.ListBooks(ctx, page, 1_000) // want `^LIMIT/OFFSET page walk with ORDER BY via catalog.\(\*Store\).ListBooks`
		if err != nil {
			return err
		}
		if len(books) == 0 {
			return nil
		}
		for _, b := range books {
			fmt.Fprintf(w, "/books/%d\n", b.ID)
		}
	}
}

func Authors(ctx context.Context, c Catalog, w io.Writer) error {
	opts := catalog.ListOptions{Limit: 1_000}
	for {
		authors, err := c.ListAuthors(ctx, opts) // want `^LIMIT/OFFSET page walk with ORDER BY via catalog.\(\*Store\).ListAuthors`
		if err != nil {
			return err
		}
		if len(authors) == 0 {
			return nil
		}
		for _, a := range authors {
			fmt.Fprintf(w, "/authors/%d\n", a.ID)
		}
		opts.Offset += opts.Limit
	}
}

func AuthorsFrom(ctx context.Context, s *catalog.Store, w io.Writer) error {
	for off := 0; ; off += 500 {
		authors, err := s.ListAuthors(ctx, catalog.ListOptions{Limit: 500, Offset: off}) // want `^LIMIT/OFFSET page walk with ORDER BY via catalog.\(\*Store\).ListAuthors`
		if err != nil || len(authors) == 0 {
			return err
		}
		for _, a := range authors {
			fmt.Fprintf(w, "/authors/%d\n", a.ID)
		}
	}
}

// Page serves one page of books, as the web handler asks: no walk.
func Page(ctx context.Context, c Catalog, page int) ([]catalog.Book, error) {
	return c.ListBooks(ctx, page, 50)
}
