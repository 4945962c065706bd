// Package directive defines an Analyzer that reports //rowalign:ignore
// directives written without a reason.
//
// # Analyzer directive
//
// directive: report //rowalign:ignore directives without a reason
//
// //rowalign:ignore silences rowalign on its line and the line below. The
// words after it say why the size is right, and are required, so that the
// next reader knows:
//
//	//rowalign:ignore the consumer reads 50,000-row batches from this table
//	if n%50_000 == 0 {
//
// A directive without a reason silences nothing and is reported itself. A
// trailing // comment after the directive is not a reason.
//
// Not reported: comments that only start like the directive
// (//rowalign:ignored); directives in packages that are not DuckDB client
// code.
package directive
