// Package linkednone reaches DuckDB through database/sql alone: it runs on
// what its module requires.
package linkednone // want `links DuckDB 1.5.6`

import _ "database/sql"
