// Package config holds the exporter's configuration: a JSON file, with
// defaults for what it leaves out.
package config

import (
	"encoding/json"
	"os"
)

// Config is the exporter's configuration.
type Config struct {
	DSN        string `json:"dsn"`
	PageSize   int    `json:"page_size"`   // want PageSize:"values \\[250000 \\(config.Default, config.go:23\\)\\]"
	CommitRows int    `json:"commit_rows"` // want CommitRows:"values \\[245760 \\(config.Load, config.go:37\\)\\]"
	Workers    int    `json:"workers"`     // want Workers:"values"
}

// ArchivePage is how many rows the archiver reads per query.
var ArchivePage = 150_000 // want ArchivePage:"values \\[150000 \\(config, config.go:19\\)\\]"

// Default returns the configuration used when there is no file.
func Default() Config {
	return Config{DSN: "warehouse.duckdb", PageSize: 250_000, Workers: 4}
}

// Load reads the configuration at path and fills in the defaults.
func Load(path string) (*Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c Config
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	if c.CommitRows == 0 {
		c.CommitRows = 245_760
	}
	if c.Workers == 0 {
		c.Workers = 4
	}
	return &c, nil
}
