// Package spell suggests what a user meant by a mistyped name, for "did you mean"
// notes in error messages.
package spell

// Suggest returns the candidate closest to name by edit distance, if it is close enough
// to be a likely typo, or "".
func Suggest(name string, candidates []string) string {
	if name == "" || len(name) > 64 {
		return ""
	}
	limit := min(3, (len(name)+1)/2)
	best, bestD := "", limit+1
	for _, c := range candidates {
		if c == name || len(c) > 64 {
			continue
		}
		if d := editDistance(name, c, limit); d < bestD || d == bestD && d <= limit && c < best {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or max+1 when it exceeds max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
