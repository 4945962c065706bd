package rewrite

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/rowalign/rowalign/internal/analysis/check"
	"github.com/rowalign/rowalign/internal/analysis/sqltext"
)

// The pager walks and copies tables only: a view or a table function has
// no rowid (ErrNotTable), and a table with a column of its own named rowid
// shadows DuckDB's (Pages refuses it, ErrRowidColumn), where the old
// loop read them all. A copy also needs the columns in order, to prove that
// pager.Copy's mapping by name is the INSERT's by position. rowalign cannot
// ask the database, so it reads the package's own DDL: the rewrite is
// offered over a table the package creates with CREATE TABLE name (columns),
// and over nothing else.

// catalog is what the package's SQL says about each table name (the last
// part of the name, upper-cased): the texts of its queries and its string
// constants, outside test files.
type catalog map[string][]sqltext.Definition

func catalogOf(in *check.Input) catalog {
	c := catalog{}
	add := func(t sqltext.Text) {
		for _, d := range sqltext.Definitions(t) {
			c[d.Name] = append(c[d.Name], d)
		}
	}
	fset := in.Pass.Fset
	for _, q := range in.Walks.Queries {
		if !check.IsTestFile(fset, q.Call.Pos()) {
			add(q.Text)
		}
	}
	for id, obj := range in.Pass.TypesInfo.Defs {
		if k, ok := obj.(*types.Const); ok && k.Val().Kind() == constant.String && !check.IsTestFile(fset, id.Pos()) {
			add(sqltext.Text{{Lit: constant.StringVal(k.Val())}})
		}
	}
	return c
}

// table returns the columns (upper-cased) of the table name, as the
// package creates it, and whether one is generated; or why the package's
// SQL does not show a table the pager takes. walk: the table is walked
// with Pages, which refuses a column named rowid.
func (c catalog) table(name string, walk bool) ([]string, bool, string) {
	key := strings.ToUpper(name[strings.LastIndex(name, ".")+1:])
	var cols []string
	generated, found := false, false
	for _, d := range c[key] {
		switch d.Kind {
		case sqltext.DefView:
			return nil, false, "the package creates a view named " + name + ": the pager walks tables only (ErrNotTable)"
		case sqltext.DefTableAs:
			return nil, false, "the package creates " + name + " from a query (CREATE TABLE ... AS): its columns are not written out, so one may be named rowid"
		case sqltext.DefAlter:
			return nil, false, "the package alters " + name + " (ALTER): its columns may not be the ones CREATE TABLE lists"
		case sqltext.DefTable:
			if found && !slices.Equal(cols, d.Columns) {
				return nil, false, "the package creates " + name + " twice, with other columns"
			}
			cols, found, generated = d.Columns, true, generated || d.Generated
		}
	}
	if !found {
		return nil, false, "the package does not create " + name + " (CREATE TABLE " + name + " (...)): it may be a view or have a column named rowid, which the pager refuses"
	}
	if walk && slices.Contains(cols, "ROWID") {
		return nil, false, name + " has a column named rowid, which shadows DuckDB's row id: the pager refuses it (ErrRowidColumn)"
	}
	return cols, generated, ""
}
