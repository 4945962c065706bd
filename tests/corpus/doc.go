// Package corpus scores rowalign on an adversarial corpus of realistic
// DuckDB, PostgreSQL, SQLite and MySQL client code (testdata/corpus): every
// snippet carries the findings a correct tool reports, as `// expect:`
// labels, and corpus_test.go compares the suite's findings with them, prints
// precision and recall per snippet and in total, and fails when a snippet's
// result moves away from the pin in testdata/corpus/known-wrong.txt.
package corpus
