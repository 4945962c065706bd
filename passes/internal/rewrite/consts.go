package rewrite

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A page size constant that only the old loop read (const copyPage =
// 245_760, with its comment about the page) would stay behind unused and
// its comment wrong: the fix deletes it with the loop, when it is sure
// nothing else reads it. Go does not reject an unused constant, so where
// it is not sure the constant stays and the file still builds.

// staleConsts returns the edits that delete the declarations of the
// constants read in removed (outside kept) and nowhere else, and the
// declarations they delete. Only an unexported constant declared alone in
// its spec with a value of its own, which no spec after it repeats
// implicitly, is deleted; a package-level one only when no file of its
// directory that the pass does not type-check (test files, files of other
// build tags) names it.
func (r *rw) staleConsts(src []byte, tf *token.File, removed, kept []ast.Node) ([]analysis.TextEdit, []ast.Node) {
	info := r.pass.TypesInfo
	in := func(pos token.Pos, nodes []ast.Node) bool {
		for _, n := range nodes {
			if n != nil && n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	stale := map[*types.Const]bool{}
	for id, obj := range info.Uses {
		c, ok := obj.(*types.Const)
		if !ok || c.Pkg() != r.pass.Pkg || c.Exported() {
			continue
		}
		gone := in(id.Pos(), removed) && !in(id.Pos(), kept)
		if v, seen := stale[c]; !seen || v {
			stale[c] = gone
		}
	}
	var candidates []*types.Const
	for c, gone := range stale {
		if gone && !within(c.Pos(), r.loop) {
			candidates = append(candidates, c)
		}
	}
	slices.SortFunc(candidates, func(a, b *types.Const) int { return cmp.Compare(a.Pos(), b.Pos()) })
	var edits []analysis.TextEdit
	var deleted []ast.Node
	var others map[string]bool // names used by the directory's other files
	readOthers := true
	for _, c := range candidates {
		decl, spec := r.constDecl(c)
		if spec == nil || tf != r.pass.Fset.File(spec.Pos()) {
			continue // declared in another file: its edits would be another file's
		}
		if c.Parent() == r.pass.Pkg.Scope() {
			if others == nil && readOthers {
				others, readOthers = r.otherFileNames()
			}
			if !readOthers || others[c.Name()] {
				continue
			}
		}
		var from, to ast.Node = spec, spec
		if len(decl.Specs) == 1 {
			from, to = decl, decl
		}
		start := from.Pos()
		if doc := docOf(from); doc != nil {
			start = doc.Pos()
		}
		end := to.End()
		if vs, ok := to.(*ast.ValueSpec); ok && vs.Comment != nil {
			end = vs.Comment.End()
		}
		edits = append(edits, deleteLines(src, tf, start, end))
		deleted = append(deleted, from)
	}
	return edits, deleted
}

// constDecl returns the declaration and spec of c when c is declared alone
// in its spec, with a value that names no iota, and the spec after it in
// the declaration (if any) has values of its own: deleting the spec then
// changes no other constant.
func (r *rw) constDecl(c *types.Const) (*ast.GenDecl, *ast.ValueSpec) {
	for _, f := range r.pass.Files {
		if !(f.FileStart <= c.Pos() && c.Pos() < f.FileEnd) {
			continue
		}
		var decl *ast.GenDecl
		var spec *ast.ValueSpec
		ast.Inspect(f, func(n ast.Node) bool {
			gd, ok := n.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST || spec != nil {
				return spec == nil
			}
			for i, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				if len(vs.Names) != 1 || vs.Names[0].Pos() != c.Pos() {
					continue
				}
				if len(vs.Values) != 1 || mentionsIota(vs.Values[0]) {
					return false
				}
				if i+1 < len(gd.Specs) && len(gd.Specs[i+1].(*ast.ValueSpec).Values) == 0 {
					return false
				}
				decl, spec = gd, vs
			}
			return false
		})
		return decl, spec
	}
	return nil, nil
}

func mentionsIota(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			found = true
		}
		return !found
	})
	return found
}

func docOf(n ast.Node) *ast.CommentGroup {
	switch n := n.(type) {
	case *ast.GenDecl:
		return n.Doc
	case *ast.ValueSpec:
		return n.Doc
	}
	return nil
}

// otherFileNames returns every identifier named in the Go files of the
// package's directory that the pass does not hold (its tests, when the
// pass is not their package's; files of other build tags): a constant one
// of them may read stays. ok is false when the directory or one of them
// cannot be read.
func (r *rw) otherFileNames() (names map[string]bool, ok bool) {
	have := map[string]bool{}
	for _, f := range r.pass.Files {
		// A file the parser gave up on early (empty, or no package
		// clause) may have no position: none of its names count.
		if tf := r.pass.Fset.File(f.Pos()); tf != nil {
			have[tf.Name()] = true
		}
	}
	// The directory of the file the fix edits, which is the user's own
	// (a cgo package's other files may be the build's copies).
	edited := r.pass.Fset.File(r.file.Pos())
	if edited == nil {
		return nil, false
	}
	dir := filepath.Dir(edited.Name())
	entries, err := os.ReadDir(dir)
	if err != nil || !filepath.IsAbs(dir) {
		return nil, false
	}
	names = map[string]bool{}
	fset := token.NewFileSet()
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || have[path] {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, false
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				names[id.Name] = true
			}
			return true
		})
	}
	return names, true
}

// deleteLines deletes start..end and the rest of their lines, with one of
// the blank lines around them when there is one on each side, so that no
// gap of two blank lines is left.
func deleteLines(src []byte, tf *token.File, start, end token.Pos) analysis.TextEdit {
	from, to := tf.Offset(start), tf.Offset(end)
	from = bytes.LastIndexByte(src[:from], '\n') + 1
	if nl := bytes.IndexByte(src[to:], '\n'); nl >= 0 {
		to += nl + 1
	} else {
		to = len(src)
	}
	blankBefore := from >= 2 && src[from-1] == '\n' && src[from-2] == '\n'
	blankAfter := to < len(src) && src[to] == '\n'
	if blankBefore && blankAfter {
		to++
	}
	return analysis.TextEdit{Pos: tf.Pos(from), End: tf.Pos(to)}
}
