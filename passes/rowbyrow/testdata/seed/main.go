// Command seed fills a development database with demo sites, goals and
// visits: a fixed list, and counts the developer picks.
package main

import (
	"context"
	"database/sql"
	"flag"
	"log"

	_ "github.com/duckdb/duckdb-go/v2"
)

type demoSite struct {
	Domain string
	Goals  []string
}

func demoSites() []demoSite {
	return []demoSite{
		{"acme.example", []string{"signup", "checkout"}},
		{"shop.example", []string{"purchase"}},
		{"blog.example", nil},
	}
}

func createSite(ctx context.Context, db *sql.DB, domain string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO sites (domain) VALUES (?)", domain)
	return err
}

func main() {
	days := flag.Int("days", 30, "days of demo visits")
	flag.Parse()
	ctx := context.Background()
	db, err := sql.Open("duckdb", "dev.duckdb")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range demoSites() {
		if err := createSite(ctx, db, s.Domain); err != nil {
			log.Fatal(err)
		}
		for _, g := range s.Goals {
			if _, err := db.ExecContext(ctx, "INSERT INTO goals (domain, name) VALUES (?, ?)", s.Domain, g); err != nil {
				log.Fatal(err)
			}
		}
		for d := 0; d < *days; d++ {
			if _, err := db.ExecContext(ctx, "INSERT INTO daily_visits (domain, day) VALUES (?, ?)", s.Domain, d); err != nil {
				log.Fatal(err)
			}
		}
	}
}
