package docs

import "testing"

// TestDocText: the Markdown a page uses becomes doc comment text.
func TestDocText(t *testing.T) {
	md := "A `LIMIT` walk, **always**\n" +
		"([measurements](../measurements.md#reading-page-by-page)); see\n" +
		"[Engines](../scope.md#engines) and [Fix](#fix).\n" +
		"\n" +
		"    a quoted message\n" +
		"\n" +
		"```go\n" +
		"for {\n" +
		"\tx()\n" +
		"}\n" +
		"```\n" +
		"\n" +
		"| a | b |\n" +
		"|---|---|\n" +
		"| `1` | 2 |\n" +
		"\n" +
		"- one item\n" +
		"  goes on\n" +
		"- two"
	want := "A LIMIT walk, always\n" +
		"(docs/measurements.md#reading-page-by-page); see\n" +
		"Engines (docs/scope.md#engines) and Fix (docs/checks/pagesize.md#fix).\n" +
		"\n" +
		"\ta quoted message\n" +
		"\n" +
		"\tfor {\n" +
		"\t\tx()\n" +
		"\t}\n" +
		"\n" +
		"\t| a | b |\n" +
		"\t| 1 | 2 |\n" +
		"\n" +
		"  - one item\n" +
		"    goes on\n" +
		"  - two"
	if got := docText("pagesize", md); got != want {
		t.Errorf("docText:\n%s\nwant:\n%s", got, want)
	}
}
