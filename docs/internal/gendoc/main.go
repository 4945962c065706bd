// Command gendoc writes each check's package doc, passes/NAME/doc.go,
// from its page, docs/checks/NAME.md (see docs.DocGo). Run it with go
// generate ./docs, from the docs directory.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rowalign/rowalign/docs"
)

func main() {
	for _, name := range docs.Checks() {
		text, _ := docs.DocGo(name)
		file := filepath.Join("..", "passes", name, "doc.go")
		if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
			fmt.Fprintln(os.Stderr, "gendoc:", err)
			os.Exit(1)
		}
	}
}
