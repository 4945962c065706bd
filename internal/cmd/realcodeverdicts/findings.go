package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// finding is one diagnostic, its position relative to the repository's
// root.
type finding struct {
	repo, commit, role string
	pkg                string // the package ID the finding came under
	path               string
	line, col          int
	check, message     string
}

// diag is a diagnostic as the JSON of rowalign -json and go vet -json
// gives it (x/tools' driverutil.JSONDiagnostic).
type diag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
}

// errNoJSON is readFindings' error for output with no JSON at all: the
// analyser stopped before printing (a module that does not load, such as
// one that needs a newer go); the module's .log says why.
var errNoJSON = errors.New("no JSON output")

// readFindings reads one module's output: the JSON tree of rowalign -json
// (package, then analyzer, then a list of diagnostics or an error), or go
// vet -json's stream of such trees, each after a "# package" line. Text
// that is not JSON (build errors, go's download lines) is skipped; an
// analyzer's error is returned as a finding of check "ERROR", so that it
// cannot go unseen.
func readFindings(path string, r repoLine, src string) ([]finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	root := filepath.Join(src, r.dirName()) + string(filepath.Separator)
	trees := jsonTrees(data)
	if len(trees) == 0 {
		return nil, errNoJSON
	}
	var fs []finding
	for _, tree := range trees {
		for pkg, byAnalyzer := range tree {
			for _, raw := range byAnalyzer {
				var ds []diag
				if json.Unmarshal(raw, &ds) != nil {
					var e struct {
						Error string `json:"error"`
					}
					if json.Unmarshal(raw, &e) == nil && e.Error != "" {
						fs = append(fs, finding{repo: r.name, commit: r.commit, role: r.role, path: pkg, check: "ERROR", message: e.Error})
					}
					continue
				}
				for _, d := range ds {
					f := finding{repo: r.name, commit: r.commit, role: r.role, pkg: pkg, check: d.Category, message: d.Message}
					f.path, f.line, f.col = splitPosn(strings.TrimPrefix(d.Posn, root))
					fs = append(fs, f)
				}
			}
		}
	}
	return fs, nil
}

// jsonTrees returns every JSON object in data that starts a line.
func jsonTrees(data []byte) []map[string]map[string]json.RawMessage {
	var trees []map[string]map[string]json.RawMessage
	for len(data) > 0 {
		if data[0] == '{' {
			dec := json.NewDecoder(bytes.NewReader(data))
			var t map[string]map[string]json.RawMessage
			if dec.Decode(&t) == nil {
				trees = append(trees, t)
				data = data[dec.InputOffset():]
				continue
			}
		}
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		data = data[i+1:]
	}
	return trees
}

// splitPosn splits "file.go:12:5" into its parts.
func splitPosn(p string) (string, int, int) {
	file, col := cutLast(p)
	file, line := cutLast(file)
	return file, line, col
}

func cutLast(s string) (string, int) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return s, 0
	}
	return s[:i], n
}

func (f finding) String() string {
	return fmt.Sprintf("%s %s:%d %s: %s", f.repo, f.path, f.line, f.check, f.message)
}
