package golangci_test

import (
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/rowalign/rowalign/analyzer"
	"github.com/rowalign/rowalign/golangci"
	"github.com/rowalign/rowalign/internal/analysis/settings"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("rowalign")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	// golangci-lint prefixes messages with the analyzer name unless it is
	// the linter's name.
	if len(as) != 1 || as[0].Name != "rowalign" {
		t.Errorf("analyzers %v, want one named rowalign", as)
	}
}

func TestDecode(t *testing.T) {
	def := analyzer.Default()
	for _, tc := range []struct {
		name     string
		settings any
		want     func(*settings.Settings)
	}{
		{"absent", nil, func(*settings.Settings) {}},
		{"empty", map[string]any{}, func(*settings.Settings) {}},
		{"all", map[string]any{"row-group-size": 245760, "min-size": 0, "scope": "all"}, func(c *settings.Settings) {
			c.RowGroup, c.Min, c.Scope = 245760, 0, settings.ScopeAll
		}},
		{"wrappers", map[string]any{"wrappers": []any{"example.com/app/db"}}, func(c *settings.Settings) { c.Wrappers = []string{"example.com/app/db"} }},
		// YAML decodes numbers as int or float64 depending on the loader.
		{"float", map[string]any{"row-group-size": float64(61440)}, func(c *settings.Settings) { c.RowGroup = 61440 }},
		// Viper lowercases keys; a loader that does not must not let the
		// default win over a differently cased key.
		{"case", map[string]any{"Scope": "all"}, func(c *settings.Settings) { c.Scope = settings.ScopeAll }},
		{"checks", map[string]any{"checks": []any{"all", "-appendertx"}}, func(c *settings.Settings) { c.Checks = []string{"all", "-appendertx"} }},
		// A list written as a string reads as its flag does: `checks:
		// -commitsize` failed with Go's unmarshal error.
		{"checks string", map[string]any{"checks": "-commitsize"}, func(c *settings.Settings) { c.Checks = []string{"-commitsize"} }},
		{"checks string list", map[string]any{"checks": "all, -appendertx"}, func(c *settings.Settings) { c.Checks = []string{"all", "-appendertx"} }},
		{"wrappers string", map[string]any{"wrappers": "example.com/app/db"}, func(c *settings.Settings) { c.Wrappers = []string{"example.com/app/db"} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := golangci.Decode(tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			want := def
			tc.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     []string
	}{
		{"misspelt", map[string]any{"row-group-sise": 245760}, []string{`unknown setting "row-group-sise"`, "row-group-size", "min-size", "scope"}},
		{"flag name", map[string]any{"rowgroup": 245760}, []string{`unknown setting "rowgroup"`}},
		{"type", map[string]any{"min-size": "ten"}, []string{"min-size"}},
		{"not a multiple", map[string]any{"row-group-size": 100000}, []string{"row group size 100000", "2048"}},
		{"scope", map[string]any{"scope": "everything"}, []string{`scope "everything"`}},
		{"checks", map[string]any{"checks": []any{"all", "-nosuch"}}, []string{`no check named "nosuch"`}},
		{"checks string", map[string]any{"checks": "-nosuch"}, []string{`no check named "nosuch"`}},
		{"checks empty string", map[string]any{"checks": ""}, []string{"the list is empty"}},
		{"not a mapping", []any{"scope"}, []string{"must be a mapping"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := golangci.New(tc.settings)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), "rowalign settings: ") {
				t.Errorf("error %q does not say it is about rowalign's settings", err)
			}
		})
	}
}

// TestKeys keeps the settings and the analyzer's flags in one struct: every
// field of the configuration has a setting.
func TestKeys(t *testing.T) {
	keys := golangci.Keys()
	if len(keys) < 3 {
		t.Fatalf("keys %v", keys)
	}
	a := analyzer.New(analyzer.Default())
	n := 0
	a.Flags.VisitAll(func(*flag.Flag) { n++ })
	if n != len(keys) {
		t.Errorf("%d flags but %d settings %v", n, len(keys), keys)
	}
}

// TestReadmeMisspelt: docs/golangci-lint.md (the README's golangci-lint
// section until it moved there) quotes the error a misspelt setting gives.
func TestReadmeMisspelt(t *testing.T) {
	page, err := os.ReadFile("../docs/golangci-lint.md")
	if err != nil {
		t.Fatal(err)
	}
	_, err = golangci.New(map[string]any{"row-group-sise": 245760})
	if err == nil {
		t.Fatal("no error")
	}
	quoted := "`" + strings.TrimPrefix(err.Error(), "rowalign settings: ") + "`"
	if !strings.Contains(strings.Join(strings.Fields(string(page)), " "), quoted) {
		t.Errorf("docs/golangci-lint.md does not quote the misspelt setting's error %s", quoted)
	}
}
