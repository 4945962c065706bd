package storage

import "strings"

// quoteIdent quotes one SQL identifier the way DuckDB reads it.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// quoteString quotes a SQL string literal.
func quoteString(s string) string {
	return `'` + strings.ReplaceAll(s, `'`, `''`) + `'`
}

// Name is a table's (or view's) fully qualified name.
type Name struct {
	Database string `json:"database"`
	Schema   string `json:"schema"`
	Table    string `json:"name"`
}

// SQL is the name quoted for a query: "db"."schema"."table".
func (n Name) SQL() string {
	return quoteIdent(n.Database) + "." + quoteIdent(n.Schema) + "." + quoteIdent(n.Table)
}

// String is the name as people write it: schema.table, quoted only where needed
// (the database is left out; reports name it per file).
func (n Name) String() string {
	return plain(n.Schema) + "." + plain(n.Table)
}

func plain(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) < 0 && !(s[0] >= '0' && s[0] <= '9') {
		return s
	}
	return quoteIdent(s)
}

// storageInfoArg is the argument pragma_storage_info takes for n. DuckDB
// parses that string as a qualified name whose quotes cannot escape a
// double quote (measured on DuckDB 1.5.6: 'odd ""name""' is not found),
// so ok is false for names containing one.
func (n Name) storageInfoArg() (arg string, ok bool) {
	for _, p := range []string{n.Database, n.Schema, n.Table} {
		if strings.Contains(p, `"`) {
			return "", false
		}
	}
	return quoteString(`"` + n.Database + `"."` + n.Schema + `"."` + n.Table + `"`), true
}
