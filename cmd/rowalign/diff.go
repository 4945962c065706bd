package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
)

// diffArgs reports whether args are a standalone run that prints the
// fixes as a diff (-fix -diff; -diff alone was made that by main).
func diffArgs(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	fix, diff := fixFlags(args)
	return fix && diff
}

// printDiff runs args in a child process (singlechecker's -fix -diff,
// which prints the diff and changes nothing) and prints its diff with
// every hunk's new-side start line recomputed (renumberHunks). Its exit
// status is the child's.
func printDiff(args []string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", err)
		return 1
	}
	var out bytes.Buffer
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), fixPassEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, &out, os.Stderr
	runErr := cmd.Run()
	os.Stdout.Write(renumberHunks(out.Bytes()))
	if runErr != nil {
		var exit *exec.ExitError
		if errors.As(runErr, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "rowalign: %v\n", runErr)
		return 1
	}
	return 0
}

// hunkHeader is a unified diff's "@@ -a[,b] +c[,d] @@" line.
var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// renumberHunks returns the unified diff d with each hunk's new-side start
// line computed from its old-side start and the lines the file's earlier
// hunks added or removed. x/tools' diff.Unified, which singlechecker's
// -diff prints through, does not advance its new-side counter over the
// context lines that join two nearby edits into one hunk, so every later
// hunk of the file started too early: on examples/ git apply found hunks
// 3, 4 and 7 lines from where their headers said (golang/go#81453, open
// as of x/tools v0.52.0). Counts and bodies are left as printed; only
// lines outside a hunk's body are read as headers, so a removed line
// that reads "-- x" is not taken for a file's "--- " line.
func renumberHunks(d []byte) []byte {
	lines := strings.SplitAfter(string(d), "\n")
	var b strings.Builder
	delta := 0               // new minus old lines of the file's hunks so far
	oldLeft, newLeft := 0, 0 // lines of the current hunk's body still to come
	for _, l := range lines {
		if oldLeft > 0 || newLeft > 0 {
			switch {
			case strings.HasPrefix(l, " "):
				oldLeft--
				newLeft--
			case strings.HasPrefix(l, "-"):
				oldLeft--
			case strings.HasPrefix(l, "+"):
				newLeft--
			}
			b.WriteString(l)
			continue
		}
		if strings.HasPrefix(l, "--- ") {
			delta = 0
		}
		m := hunkHeader.FindStringSubmatchIndex(l)
		if m == nil {
			b.WriteString(l)
			continue
		}
		num := func(i int, def int) int {
			if m[2*i] < 0 {
				return def
			}
			n, _ := strconv.Atoi(l[m[2*i]:m[2*i+1]])
			return n
		}
		oldStart, oldLen, newLen := num(1, 0), num(2, 1), num(4, 1)
		newStart := oldStart + delta
		switch {
		case oldLen == 0 && newLen > 0:
			// The old side names the line the hunk follows.
			newStart++
		case newLen == 0 && oldLen > 0:
			// The new side names the line the hunk's removal follows.
			newStart--
		}
		b.WriteString(l[:m[6]])
		b.WriteString(strconv.Itoa(newStart))
		b.WriteString(l[m[7]:])
		delta += newLen - oldLen
		oldLeft, newLeft = oldLen, newLen
	}
	return []byte(b.String())
}
