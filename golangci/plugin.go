// Package golangci is rowalign's golangci-lint v2 module plugin.
//
// A custom golangci-lint binary that imports this package for its side
// effect registers the linter "rowalign":
//
//	import _ "github.com/rowalign/rowalign/golangci"
//
// and a .golangci.yml enables it as a module plugin:
//
//	linters:
//	  enable: [rowalign]
//	  settings:
//	    custom:
//	      rowalign:
//	        type: module
//	        settings:
//	          row-group-size: 122880
//	          min-size: 10000
//	          scope: auto
//	          checks: [all, -appendertx]
//
// The settings are the json names of analyzer.Settings, the same struct
// the command-line flags fill; a key that is not one of them, or a value
// the flags would reject, fails the run when golangci-lint starts.
//
// golangci-lint shows no category, so each message starts with its
// check's name ("pagesize: page size 250000 ..."), and the findings of
// one line are one issue, which its default uniq-by-line cannot hide
// (merge.go).
package golangci

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/rowalign/rowalign/analyzer"
)

// Name is the plugin's name, and the analyzer's: golangci-lint prefixes a
// message with the analyzer name only when the two differ.
const Name = analyzer.Name

func init() {
	register.Plugin(Name, New)
}

// Plugin is the rowalign linter configured from .golangci.yml.
type Plugin struct {
	settings analyzer.Settings
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes settings (the "settings" map of
// linters.settings.custom.rowalign) over the defaults and validates them.
func New(settings any) (register.LinterPlugin, error) {
	s, err := Decode(settings)
	if err != nil {
		return nil, err
	}
	return &Plugin{settings: s}, nil
}

// Decode returns the configuration settings describe: the defaults, with
// each key present in settings overriding its field. Unknown keys and
// invalid values are errors that name the valid keys or the rule broken.
func Decode(settings any) (analyzer.Settings, error) {
	merged, err := overDefaults(settings)
	if err != nil {
		return analyzer.Settings{}, err
	}
	// DecodeSettings rejects unknown fields and wrong types.
	s, err := register.DecodeSettings[analyzer.Settings](merged)
	if err != nil {
		return analyzer.Settings{}, fmt.Errorf("rowalign settings: %v (valid settings: %s)", unwrapDecode(err), strings.Join(Keys(), ", "))
	}
	if err := s.Validate(); err != nil {
		return analyzer.Settings{}, fmt.Errorf("rowalign settings: %w", err)
	}
	return s, nil
}

// overDefaults returns the default configuration as a JSON object with the
// keys of settings laid over it. golangci-lint passes nil when the
// settings block is absent, and a map[string]any otherwise.
func overDefaults(settings any) (any, error) {
	var defaults map[string]any
	b, err := json.Marshal(analyzer.Default())
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &defaults); err != nil {
		return nil, err
	}
	if settings == nil {
		return defaults, nil
	}
	// Round-trip through JSON so that any map type golangci-lint's config
	// loader produces becomes a map[string]any.
	b, err = json.Marshal(settings)
	if err != nil {
		return nil, fmt.Errorf("rowalign settings: %v", err)
	}
	var user map[string]any
	if err := json.Unmarshal(b, &user); err != nil {
		return nil, fmt.Errorf("rowalign settings: must be a mapping of %s, got %s", strings.Join(Keys(), ", "), b)
	}
	lists := listKeys()
	for k, v := range user {
		// encoding/json matches keys case-insensitively: lowercase them
		// so that a default never sits beside the user's key.
		k = strings.ToLower(k)
		if str, ok := v.(string); ok && lists[k] {
			v = splitList(str)
		}
		defaults[k] = v
	}
	return defaults, nil
}

// listKeys returns the settings whose value is a list (checks, wrappers).
func listKeys() map[string]bool {
	lists := make(map[string]bool)
	for f := range reflect.TypeFor[analyzer.Settings]().Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Type == reflect.TypeFor[[]string]() {
			lists[name] = true
		}
	}
	return lists
}

// splitList reads a list setting written as a string the way its flag
// reads it: comma-separated, spaces trimmed. `checks: -commitsize` (YAML
// reads a string) failed with Go's "cannot unmarshal string into Go
// struct field Settings.checks of type []string"; it means what
// -checks=-commitsize means, and `checks: all, -appendertx` what
// -checks='all, -appendertx' does.
func splitList(s string) []any {
	l := []any{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			l = append(l, p)
		}
	}
	return l
}

// unwrapDecode drops DecodeSettings' "decoding settings: json:" prefixes,
// which say nothing to someone editing a YAML file.
func unwrapDecode(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "decoding settings: ")
	s = strings.TrimPrefix(s, "json: ")
	s = strings.Replace(s, "unknown field", "unknown setting", 1)
	return s
}

// Keys returns the setting names, sorted: the json tags of
// analyzer.Settings.
func Keys() []string {
	t := reflect.TypeFor[analyzer.Settings]()
	var keys []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	sort.Strings(keys)
	return keys
}

// BuildAnalyzers returns the rowalign analyzer for the plugin's settings.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{oneLine(analyzer.New(p.settings))}, nil
}

// GetLoadMode asks for type information: the passes resolve constants,
// driver types and imports.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
