// Package analyzer is the rowalign suite: the analyzers that the rowalign
// command, go vet, go fix and the golangci-lint plugin load, built from
// one Config.
package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer/config"
	"github.com/rowalign/rowalign/passes/pagewalk"
	"github.com/rowalign/rowalign/passes/rowalign"
	"github.com/rowalign/rowalign/passes/scope"
	"github.com/rowalign/rowalign/passes/sqltext"
)

// Config is the suite's configuration; see package config.
type Config = config.Config

// Default returns the default configuration.
func Default() *Config { return config.Default() }

// New returns the reporting analyzer, named "rowalign", for cfg. It
// requires the scope, sqltext and pagewalk analyzers, built for the same
// cfg, so loading it loads the whole suite. Changes to *cfg made before
// the analysis runs (flag parsing) take effect.
func New(cfg *Config) *analysis.Analyzer {
	scopeA := scope.New(cfg)
	sqltextA := sqltext.New(scopeA)
	pagewalkA := pagewalk.New(scopeA, sqltextA)
	return rowalign.New(cfg, scopeA, pagewalkA)
}
