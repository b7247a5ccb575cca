package render

import (
	"fmt"
	"math"
	"strings"
)

// markInk is the colour of the signs (marked ...) puts on squares.
const markInk = "#a33a2a"

// writeMarks draws the signs of the board's marked squares ((marked NAME POSITION ...) in
// the dialect) under the pieces: each group of marks its own sign, in the order the
// groups are declared, a rosette, a ring, a cross, a diamond, then the same again. The
// group's name is the sign's tooltip.
func (r *svgRenderer) writeMarks(w *strings.Builder) {
	if len(r.b.Marks) == 0 {
		return
	}
	width := num(max(0.5, r.cell*0.04))
	fmt.Fprintf(w, `<g class="marks" fill="none" stroke="%s" stroke-width="%s">`+"\n", markInk, width)
	for k, m := range r.b.Marks {
		fmt.Fprintf(w, `<g class="mark" data-mark="%s"><title>%s</title>`+"\n", esc(m.Name), esc(m.Name))
		for _, l := range m.Locs {
			i, ok := r.byLoc[l]
			if !ok {
				continue
			}
			c := r.shapes[i]
			w.WriteString(markSign(k%4, c.cx, c.cy, 0.36*c.size))
		}
		w.WriteString("</g>\n")
	}
	w.WriteString("</g>\n")
}

// markSign is sign number k centred on (x, y) within radius rad.
func markSign(k int, x, y, rad float64) string {
	switch k {
	case 0: // a rosette: an eight-pointed star
		var pts []string
		for i := 0; i < 16; i++ {
			a := float64(i) * math.Pi / 8
			rr := rad
			if i%2 == 1 {
				rr = rad * 0.45
			}
			pts = append(pts, num(x+rr*math.Sin(a))+","+num(y-rr*math.Cos(a)))
		}
		return `<polygon points="` + strings.Join(pts, " ") + `"/>` + "\n"
	case 1:
		return fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"/>`+"\n", num(x), num(y), num(rad*0.85))
	case 2:
		d := rad * 0.7
		return fmt.Sprintf(`<path d="M%s %sL%s %sM%s %sL%s %s"/>`+"\n",
			num(x-d), num(y-d), num(x+d), num(y+d), num(x-d), num(y+d), num(x+d), num(y-d))
	default:
		return fmt.Sprintf(`<polygon points="%s,%s %s,%s %s,%s %s,%s"/>`+"\n",
			num(x), num(y-rad), num(x+rad), num(y), num(x), num(y+rad), num(x-rad), num(y))
	}
}
