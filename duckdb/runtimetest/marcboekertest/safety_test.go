package marcboekertest

import (
	"testing"

	"github.com/rowalign/rowalign/duckdb/runtimetest/internal/safety"
)

// The scenarios of issue 16, on this test's driver (see package safety).

func TestSearchPath(t *testing.T)       { safety.SearchPath(t) }
func TestSearchPathMirror(t *testing.T) { safety.SearchPathMirror(t) }
func TestCancelEverywhere(t *testing.T) { safety.Cancel(t) }
func TestRetentionResume(t *testing.T)  { safety.Retention(t) }
func TestTempShadow(t *testing.T)       { safety.TempShadow(t) }
func TestCopyColumns(t *testing.T)      { safety.CopyColumns(t) }
func TestOddNames(t *testing.T)         { safety.OddNames(t) }
func TestCursorTypes(t *testing.T)      { safety.CursorTypes(t) }
func TestPlaces(t *testing.T)           { safety.Places(t) }
func TestAborted(t *testing.T)          { safety.Aborted(t) }
