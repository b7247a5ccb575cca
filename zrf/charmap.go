package zrf

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Decode turns raw rules-file text into UTF-8 for display. Rules files come from Windows
// and carry single-byte code pages in their comments and strings; text that is already
// valid UTF-8 is returned unchanged. Otherwise a run of three or more bytes above 0x7F is
// taken as Cyrillic (Windows-1251, one corpus file), anything else as Windows-1252, which
// also covers Latin-1. Decode never fails.
func Decode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	cm := charmap.Windows1252
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xC0 {
			run++
			if run >= 3 {
				cm = charmap.Windows1251
				break
			}
		} else {
			run = 0
		}
	}
	out, err := cm.NewDecoder().String(s)
	if err != nil {
		return s
	}
	return out
}
