package rewrite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// contextPath is the standard library's context package: a walk that
// queried without a context (db.Query) gets context.Background(), the
// context database/sql itself gives Query.
const contextPath = "context"

// pagerName returns the name the file uses for the pager package, or
// "pager" when it must be imported, and why not when that name is taken.
func (r *rw) pagerName() (string, string) {
	name, why := r.importName(PagerPath, "pager")
	if why == "" && !r.imports(PagerPath) && r.scopeNames["pager"] {
		return "", "the loop body uses the name pager"
	}
	return name, why
}

// ctxText returns the context the pager call is given: the walk's own, or
// context.Background() for a query that took none.
func (r *rw) ctxText(text func(ast.Node) string) (string, string) {
	if r.ctx != nil {
		return text(r.ctx), ""
	}
	name, why := r.importName(contextPath, "context")
	if why != "" {
		return "", why
	}
	return name + ".Background()", ""
}

// importName returns the name the file uses for the package path, or
// name when it must be imported, and why not when name means something
// else where the loop is.
func (r *rw) importName(path, name string) (string, string) {
	for _, imp := range r.file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				if imp.Name.Name == "_" {
					continue // a blank import, which the fix names (importEdits)
				}
				if imp.Name.Name == "." {
					return "", "the package " + path + " is imported as " + imp.Name.Name
				}
				return imp.Name.Name, ""
			}
			return name, ""
		}
	}
	for _, imp := range r.file.Imports {
		if importedName(imp) == name {
			return "", "the file imports another package named " + name
		}
	}
	// A name declared in the package, or around the loop, would shadow
	// the import.
	if r.pass.Pkg.Scope().Lookup(name) != nil {
		return "", "the package already declares the name " + name
	}
	if scope := r.pass.TypesInfo.Scopes[r.file]; scope != nil {
		if inner := scope.Innermost(r.loop.Pos()); inner != nil {
			if _, obj := inner.LookupParent(name, r.loop.Pos()); obj != nil {
				if _, isPkg := obj.(*types.PkgName); !isPkg {
					return "", "the function declares the name " + name
				}
			}
		}
	}
	return name, ""
}

func importedName(imp *ast.ImportSpec) string {
	if imp.Name != nil {
		return imp.Name.Name
	}
	p, _ := strconv.Unquote(imp.Path.Value)
	return p[strings.LastIndex(p, "/")+1:]
}

// imports reports whether the file imports path under a name it can use
// (not a blank import).
func (r *rw) imports(path string) bool {
	return r.blankImport(path) == nil && r.importSpec(path) != nil
}

func (r *rw) importSpec(path string) *ast.ImportSpec {
	for _, imp := range r.file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			return imp
		}
	}
	return nil
}

// blankImport returns the file's import of path when it is its only one
// and blank (import _ "path": a package that imports the pager only so that
// the rewrite builds).
func (r *rw) blankImport(path string) *ast.ImportSpec {
	var blank *ast.ImportSpec
	for _, imp := range r.file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name == nil || imp.Name.Name != "_" {
				return nil
			}
			blank = imp
		}
	}
	return blank
}

// isStd reports whether path is a standard library package: no dot in its
// first element, goimports' rule.
func isStd(path string) bool { return !strings.Contains(strings.Split(path, "/")[0], ".") }

// importEdits adds the pager's import, and the context's when the fix
// calls context.Background(), where the file lacks them, as goimports
// would: the context into the standard library's group, in order; the
// pager into the last group, in order, unless that group is the standard
// library's, and then in a group of its own after it. Every fix of a file
// computes the same edits for the same import, so the drivers apply them
// once.
func (r *rw) importEdits(src []byte, tf *token.File) []analysis.TextEdit {
	var need []string
	if r.ctx == nil && !r.imports(contextPath) {
		need = append(need, contextPath)
	}
	var named []analysis.TextEdit
	if blank := r.blankImport(PagerPath); blank != nil {
		// import _ "pager" becomes import "pager".
		named = append(named, del(blank.Name.Pos(), blank.Path.Pos()))
	} else if !r.imports(PagerPath) {
		need = append(need, PagerPath)
	}
	if len(need) == 0 {
		return named
	}
	quoted := func(paths []string) []string {
		out := make([]string, len(paths))
		for i, p := range paths {
			out[i] = strconv.Quote(p)
		}
		return out
	}
	var decl *ast.GenDecl
	for _, d := range r.file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			decl = gd
			break
		}
	}
	// No import at all, or one without parentheses: write the block.
	if decl == nil || !decl.Lparen.IsValid() {
		var std, other []string
		pos, end := r.file.Name.End(), r.file.Name.End()
		prefix := "\n\n"
		if decl != nil {
			spec := decl.Specs[0].(*ast.ImportSpec)
			text := string(src[tf.Offset(spec.Pos()):tf.Offset(spec.End())])
			if len(named) > 0 {
				// The one import is import _ "pager": the block names it.
				text, named = spec.Path.Value, nil
			}
			if p, _ := strconv.Unquote(spec.Path.Value); isStd(p) {
				std = append(std, text)
			} else {
				other = append(other, text)
			}
			pos, end, prefix = decl.Pos(), decl.End(), ""
		}
		for _, p := range need {
			if isStd(p) {
				std = append(std, strconv.Quote(p))
			} else {
				other = append(other, strconv.Quote(p))
			}
		}
		byPath := func(a, b string) int { return strings.Compare(pathOfSpec(a), pathOfSpec(b)) }
		slices.SortFunc(std, byPath)
		slices.SortFunc(other, byPath)
		var groups []string
		for _, g := range [][]string{std, other} {
			if len(g) > 0 {
				groups = append(groups, "\t"+strings.Join(g, "\n\t"))
			}
		}
		text := prefix + "import (\n" + strings.Join(groups, "\n\n") + "\n)"
		if len(need) == 1 && decl == nil {
			text = prefix + "import " + strconv.Quote(need[0])
		}
		return append(named, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)})
	}

	// The groups: runs of specs without a blank line between them.
	var groups [][]*ast.ImportSpec
	for i, sp := range decl.Specs {
		spec := sp.(*ast.ImportSpec)
		if i == 0 || tf.Line(spec.Pos())-tf.Line(decl.Specs[i-1].End()) > 1 {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], spec)
	}
	var edits []analysis.TextEdit
	for _, path := range need {
		line := quoted([]string{path})[0]
		var group []*ast.ImportSpec
		if isStd(path) {
			for _, g := range groups {
				if allStd(g) {
					group = g
					break
				}
			}
			if group == nil {
				// No standard library group yet: one of its own, first.
				edits = append(edits, analysis.TextEdit{Pos: decl.Specs[0].Pos(), End: decl.Specs[0].Pos(), NewText: []byte(line + "\n\n\t")})
				continue
			}
		} else {
			group = groups[len(groups)-1]
			if allStd(group) {
				// After the closing line of the block, so that it never
				// meets an edit after the group's last spec.
				edits = append(edits, analysis.TextEdit{Pos: decl.Rparen, End: decl.Rparen, NewText: []byte("\n\t" + line + "\n")})
				continue
			}
		}
		edits = append(edits, insertSorted(group, path, line))
	}
	// Two insertions at one place (the context's group of its own and the
	// pager before the first spec) are one edit, in order.
	for i := 1; i < len(edits); i++ {
		if edits[i].Pos == edits[i-1].Pos && edits[i].End == edits[i-1].End {
			edits[i-1].NewText = append(edits[i-1].NewText, edits[i].NewText...)
			edits = slices.Delete(edits, i, i+1)
			i--
		}
	}
	return append(named, edits...)
}

// insertSorted inserts line (the quoted path) into group before the first
// spec whose path sorts after it, or after the group's last spec.
func insertSorted(group []*ast.ImportSpec, path, line string) analysis.TextEdit {
	for _, spec := range group {
		if p, _ := strconv.Unquote(spec.Path.Value); p > path {
			return analysis.TextEdit{Pos: spec.Pos(), End: spec.Pos(), NewText: []byte(line + "\n\t")}
		}
	}
	last := group[len(group)-1]
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n\t" + line)}
}

func allStd(g []*ast.ImportSpec) bool {
	for _, spec := range g {
		if p, _ := strconv.Unquote(spec.Path.Value); !isStd(p) {
			return false
		}
	}
	return true
}

// pathOfSpec returns the path of an import spec's text (name "path").
func pathOfSpec(text string) string {
	if i := strings.IndexByte(text, '"'); i >= 0 {
		if p, err := strconv.Unquote(strings.Fields(text[i:])[0]); err == nil {
			return p
		}
	}
	return text
}
