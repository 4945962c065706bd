package main

import "testing"

func TestRenumberHunks(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{{
		name: "a later hunk after one that adds a line",
		in:   "--- a.go (old)\n+++ a.go (new)\n@@ -1,2 +1,3 @@\n a\n+b\n c\n@@ -9,2 +7,2 @@\n-x\n+y\n z\n",
		want: "--- a.go (old)\n+++ a.go (new)\n@@ -1,2 +1,3 @@\n a\n+b\n c\n@@ -9,2 +10,2 @@\n-x\n+y\n z\n",
	}, {
		name: "each file starts again; a removed line that reads like a header",
		in:   "--- a.go (old)\n+++ a.go (new)\n@@ -1,3 +1,2 @@\n a\n--- b\n c\n--- b.go (old)\n+++ b.go (new)\n@@ -5,1 +3,1 @@\n-p\n+q\n",
		want: "--- a.go (old)\n+++ a.go (new)\n@@ -1,3 +1,2 @@\n a\n--- b\n c\n--- b.go (old)\n+++ b.go (new)\n@@ -5,1 +5,1 @@\n-p\n+q\n",
	}, {
		name: "an empty file filled, a file emptied, counts of one",
		in:   "--- a.go (old)\n+++ a.go (new)\n@@ -0,0 +0,2 @@\n+a\n+b\n--- b.go (old)\n+++ b.go (new)\n@@ -1,2 +1,0 @@\n-a\n-b\n--- c.go (old)\n+++ c.go (new)\n@@ -1 +1 @@\n-a\n+b\n",
		want: "--- a.go (old)\n+++ a.go (new)\n@@ -0,0 +1,2 @@\n+a\n+b\n--- b.go (old)\n+++ b.go (new)\n@@ -1,2 +0,0 @@\n-a\n-b\n--- c.go (old)\n+++ c.go (new)\n@@ -1 +1 @@\n-a\n+b\n",
	}, {
		name: "no diff",
		in:   "",
		want: "",
	}} {
		if got := string(renumberHunks([]byte(tc.in))); got != tc.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
}
