package main

import (
	"fmt"
	"sort"
	"strings"
)

// frontEndDiff returns, one line each, the findings on non-test files that
// one front end reports and the other does not (issue 25's "front ends
// agree"): go vet analyses each package also with its test files, so its
// findings in _test.go files have no standalone counterpart by design.
func frontEndDiff(standalone, vet []finding) []string {
	set := func(fs []finding) map[string]finding {
		m := make(map[string]finding)
		for _, f := range fs {
			if f.check == "ERROR" || strings.HasSuffix(f.path, "_test.go") {
				continue
			}
			m[fmt.Sprintf("%s:%d:%d %s", f.path, f.line, f.col, f.check)] = f
		}
		return m
	}
	s, v := set(standalone), set(vet)
	var out []string
	for k, f := range s {
		if _, ok := v[k]; !ok {
			out = append(out, short("only standalone: "+f.String()))
		}
	}
	for k, f := range v {
		if _, ok := s[k]; !ok {
			out = append(out, short("only go vet:     "+f.String()))
		}
	}
	sort.Strings(out)
	return out
}
