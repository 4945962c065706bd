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

// storageInfoArg is the argument pragma_storage_info takes for n, and
// whether the query must run with n's schema as the connection's default
// (USE). DuckDB parses that string as a qualified name in which a double
// quote only opens or closes quoting and can never be part of a name
// (QualifiedName::ParseComponents, DuckDB 1.5.6: 'odd ""name""' is not
// found). A database or schema whose name holds one is left out of the
// argument and made the default instead, since USE takes an SQL
// identifier, which can quote anything. ok is false when the table's own
// name holds a double quote: nothing can address it.
func (n Name) storageInfoArg() (arg string, use, ok bool) {
	if strings.Contains(n.Table, `"`) {
		return "", false, false
	}
	if strings.Contains(n.Database, `"`) || strings.Contains(n.Schema, `"`) {
		return quoteString(`"` + n.Table + `"`), true, true
	}
	return quoteString(`"` + n.Database + `"."` + n.Schema + `"."` + n.Table + `"`), false, true
}
