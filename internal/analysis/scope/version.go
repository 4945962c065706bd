package scope

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
)

// Release is a DuckDB release, 1.5.6 as {1, 5, 6}: the engine a package's
// walks run on, which decides which measured figure its findings quote.
// The zero Release is unknown.
type Release struct{ Major, Minor, Patch int }

// Known reports whether r is a release rather than unknown.
func (r Release) Known() bool { return r.Major > 0 }

// Old reports DuckDB 1.1 or older: no late materialization of
// LIMIT/OFFSET, no row group pruning by rowid
// (docs/measurements.md#reading-page-by-page), so the figures measured on
// 1.5.6 and 2.0.0 do not hold.
func (r Release) Old() bool { return r.Known() && (r.Major < 1 || r.Major == 1 && r.Minor <= 1) }

func (r Release) String() string {
	if !r.Known() {
		return "unknown"
	}
	return fmt.Sprintf("%d.%d.%d", r.Major, r.Minor, r.Patch)
}

// The driver modules and the DuckDB they link.
const (
	// newDriver is github.com/duckdb/duckdb-go/v2, whose version encodes
	// the DuckDB it links: v2.MMmmpp.N is DuckDB M.m.p (v2.10506.0 is
	// 1.5.6, v2.20000.0 is 2.0.0).
	newDriver = "github.com/duckdb/duckdb-go/v2"
	// oldDriverPath is github.com/marcboeker/go-duckdb v1, which links
	// DuckDB 1.1.3 at its last version (v1.8.5) and older DuckDB before.
	oldDriverPath = "github.com/marcboeker/go-duckdb"
	// midDriver is github.com/marcboeker/go-duckdb/v2 (DuckDB 1.2 to 1.4
	// over its versions; none measured): unknown.
	midDriver = "github.com/marcboeker/go-duckdb/v2"
)

// old11 is what marcboeker/go-duckdb v1 links, named as the messages name
// it: DuckDB 1.1 (1.1.3 at v1.8.5).
var old11 = Release{1, 1, 3}

// DriverRelease returns the DuckDB release that version of the driver
// module modPath links, or the zero Release when it does not say.
func DriverRelease(modPath, version string) Release {
	switch modPath {
	case oldDriverPath:
		return old11
	case newDriver:
		// v2.MMmmpp.N; earlier v2 versions did not encode DuckDB's.
		f := strings.SplitN(strings.TrimPrefix(version, "v"), ".", 3)
		if len(f) < 2 || f[0] != "2" {
			return Release{}
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 10000 {
			return Release{}
		}
		return Release{n / 10000, n / 100 % 100, n % 100}
	}
	return Release{}
}

// driverModule returns the driver module of an import path: the module
// path, "" for other packages.
func driverModule(path string) string {
	for _, m := range []string{newDriver, midDriver} {
		if path == m || strings.HasPrefix(path, m+"/") {
			return m
		}
	}
	if path == oldDriverPath || strings.HasPrefix(path, oldDriverPath+"/") {
		return oldDriverPath
	}
	return ""
}

// Linked returns the DuckDB release pass's package runs on: that of the
// DuckDB driver it imports, directly or through the imports its type
// information shows (the newest driver when it sees several), else that of
// the driver its module's go.mod requires; the zero Release when there is
// none or its version does not say.
//
// The driver's version is read where the build found the driver: the
// files of a module version are in a directory named path@version (the
// module cache, also under -trimpath), so the position of any object of
// the driver package names the version the build links, with go.work and
// replace directives applied, under go vet, rowalign and golangci-lint
// alike. A driver found elsewhere (vendor/, a replace by a directory) has
// the version the nearest go.mod above the package requires.
func Linked(pass *analysis.Pass) Release {
	drv := driverPackage(pass.Pkg)
	if drv == nil {
		// A package that reaches DuckDB through database/sql alone (the
		// driver imported by main, say) runs on what its module requires.
		for _, mod := range []string{newDriver, midDriver, oldDriverPath} {
			if v := versionFromGoMod(pass, mod); v != "" {
				if mod == oldDriverPath {
					return old11
				}
				return DriverRelease(mod, v)
			}
		}
		return Release{}
	}
	mod := driverModule(drv.Path())
	if v := versionFromFiles(pass, drv, mod); v != "" {
		return DriverRelease(mod, v)
	}
	if mod == oldDriverPath {
		return old11
	}
	return DriverRelease(mod, versionFromGoMod(pass, mod))
}

// driverPackage returns the DuckDB driver package pkg imports, directly or
// through the imports its type information shows: github.com/duckdb/duckdb-go/v2
// before marcboeker/go-duckdb/v2 before marcboeker/go-duckdb v1.
func driverPackage(pkg *types.Package) *types.Package {
	found := map[string]*types.Package{}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if p == nil || seen[p] || len(seen) > 10_000 {
			return
		}
		seen[p] = true
		if m := driverModule(p.Path()); m != "" {
			if found[m] == nil {
				found[m] = p
			}
			return
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pkg)
	for _, m := range []string{newDriver, midDriver, oldDriverPath} {
		if p := found[m]; p != nil {
			return p
		}
	}
	return nil
}

// inCache matches a driver module's directory in the module cache and
// captures its version.
var inCache = map[string]*regexp.Regexp{}

func init() {
	for _, m := range []string{newDriver, midDriver, oldDriverPath} {
		inCache[m] = regexp.MustCompile(regexp.QuoteMeta(m) + `@(v[^/\\]+)/`)
	}
}

// versionFromFiles returns the version in the directory name of the
// driver package's files (".../github.com/duckdb/duckdb-go/v2@v2.20000.0/"),
// "" when its objects have no file or the directory no version.
func versionFromFiles(pass *analysis.Pass, drv *types.Package, mod string) string {
	re := inCache[mod]
	scope := drv.Scope()
	for _, name := range scope.Names() {
		pos := scope.Lookup(name).Pos()
		if !pos.IsValid() {
			continue
		}
		f := pass.Fset.File(pos)
		if f == nil {
			continue
		}
		if m := re.FindStringSubmatch(strings.ReplaceAll(f.Name(), `\`, "/")); m != nil {
			return m[1]
		}
		return "" // one file tells where the package was found
	}
	return ""
}

// versionFromGoMod returns the version of module mod that the go.mod
// nearest above pass's files requires (after its replace directives),
// "" when there is none.
func versionFromGoMod(pass *analysis.Pass, mod string) string {
	var dir string
	if pass.Module != nil && pass.Module.GoMod != "" {
		dir = filepath.Dir(pass.Module.GoMod)
	} else {
		// The first file with a position: a file that does not parse
		// (empty, cut short) may have none.
		for _, f := range pass.Files {
			if tf := pass.Fset.File(f.Pos()); tf != nil {
				dir = filepath.Dir(tf.Name())
				break
			}
		}
	}
	for ; dir != ""; dir = parentDir(dir) {
		path := filepath.Join(dir, "go.mod")
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// Parse, not ParseLax, which drops replace directives; a go.mod
		// newer than x/mod reads is read for its requirements alone.
		f, err := modfile.Parse(path, data, nil)
		if err != nil {
			if f, err = modfile.ParseLax(path, data, nil); err != nil {
				return ""
			}
		}
		var version string
		for _, r := range f.Require {
			if r.Mod.Path == mod {
				version = r.Mod.Version
			}
		}
		for _, r := range f.Replace {
			// A replacement by another version is what builds; one by a
			// directory keeps the required version's number.
			if r.Old.Path == mod && (r.Old.Version == "" || r.Old.Version == version) && r.New.Path == mod && r.New.Version != "" {
				version = r.New.Version
			}
		}
		return version
	}
	return ""
}

// parentDir returns dir's parent, "" at the root.
func parentDir(dir string) string {
	p := filepath.Dir(dir)
	if p == dir {
		return ""
	}
	return p
}

// figuresOn is the release the figures in rowalign's messages were
// measured on (docs/measurements.md).
var figuresOn = Release{1, 5, 6}

// checkedOn are the releases on which the figures were measured again,
// side by side with figuresOn's in one run, and gave the same verdicts
// (docs/measurements.md#duckdb-20-beside-156): their findings quote
// figuresOn's figures and say so.
var checkedOn = []Release{{2, 0, 0}}

// sameMinor reports whether r and o are the same major.minor release.
func (r Release) sameMinor(o Release) bool { return r.Major == o.Major && r.Minor == o.Minor }

// Measured returns, for a module that links another release than the
// figures were measured on, the words that say so: "the figure was
// measured on DuckDB 1.5.6; DuckDB 2.0.0, which this module links,
// measured beside it gave the same verdict". A message stays under 200
// characters (issue 24), so the checks give them as related information,
// on a line of their own. A module on 1.5 (the figures' own release),
// words without a figure, and words that name a release themselves ("on
// DuckDB 1.1 ...") get "".
func (r Release) Measured(words string) string {
	if !strings.ContainsAny(words, "0123456789") || releaseNamed.MatchString(words) {
		return ""
	}
	switch {
	case !r.Known():
		return fmt.Sprintf("the figure was measured on DuckDB %s; which DuckDB this module links is not known (docs/measurements.md)", figuresOn)
	case r.sameMinor(figuresOn):
		// The release the figures speak of: nothing to add (standalone
		// rowalign prints related information as lines of their own).
		return ""
	}
	for _, c := range checkedOn {
		if r.sameMinor(c) {
			return fmt.Sprintf("the figure was measured on DuckDB %s; DuckDB %s, which this module links, measured beside it gave the same verdict (docs/measurements.md#duckdb-20-beside-156)", figuresOn, c)
		}
	}
	return fmt.Sprintf("the figure was measured on DuckDB %s; this module links DuckDB %s, where it was not (docs/measurements.md)", figuresOn, r)
}

// releaseNamed matches words that name a DuckDB release.
var releaseNamed = regexp.MustCompile(`DuckDB \d+\.\d+`)
