package render_test

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"testing"

	"github.com/zoggo/zoggo/render"
)

// bmpFile builds a bitmap with a 40-byte header: bpp bits per pixel, compression comp,
// the palette pal (BGR0 entries), extra bytes after the header (bit-field masks) and
// the pixel data as stored. A negative height is top-down.
func bmpFile(w, h int32, bpp uint16, comp uint32, pal [][4]byte, extra []byte, pix []byte) []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	off := uint32(14 + 40 + len(extra) + 4*len(pal))
	b.WriteString("BM")
	binary.Write(&b, le, uint32(int(off)+len(pix)))
	binary.Write(&b, le, uint32(0))
	binary.Write(&b, le, off)
	binary.Write(&b, le, uint32(40))
	binary.Write(&b, le, w)
	binary.Write(&b, le, h)
	binary.Write(&b, le, uint16(1))
	binary.Write(&b, le, bpp)
	binary.Write(&b, le, comp)
	binary.Write(&b, le, uint32(len(pix)))
	binary.Write(&b, le, [2]uint32{2835, 2835})
	binary.Write(&b, le, uint32(len(pal)))
	binary.Write(&b, le, uint32(0))
	b.Write(extra)
	for _, p := range pal {
		b.Write(p[:])
	}
	b.Write(pix)
	return b.Bytes()
}

var (
	bmpRed   = color.NRGBA{0xff, 0, 0, 0xff}
	bmpGreen = color.NRGBA{0, 0xff, 0, 0xff}
	bmpBlue  = color.NRGBA{0, 0, 0xff, 0xff}
	bmpWhite = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	bmpClear = color.NRGBA{0, 0xff, 0, 0}
)

// The same 3 x 2 picture in every format: top row red, green, blue; bottom row white,
// blue, red.
var bmpWant = [][]color.NRGBA{{bmpRed, bmpGreen, bmpBlue}, {bmpWhite, bmpBlue, bmpRed}}

// bmpPal is a palette holding the picture's colours: 0 red, 1 green, 2 blue, 3 white.
var bmpPal = [][4]byte{{0, 0, 0xff, 0}, {0, 0xff, 0, 0}, {0xff, 0, 0, 0}, {0xff, 0xff, 0xff, 0}}

func TestDecodeBMP(t *testing.T) {
	// Rows are stored bottom-up unless the height is negative, each padded to 4 bytes.
	bgr24 := []byte{
		0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0, 0, 0, // bottom: white blue red + pad
		0, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0, 0, 0, 0, // top: red green blue + pad
	}
	masks565 := []byte{0x00, 0xf8, 0, 0, 0xe0, 0x07, 0, 0, 0x1f, 0, 0, 0}
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"24-bit", bmpFile(3, 2, 24, 0, nil, nil, bgr24)},
		{"24-bit top-down", bmpFile(3, -2, 24, 0, nil, nil, append(append([]byte{}, bgr24[12:]...), bgr24[:12]...))},
		{"8-bit", bmpFile(3, 2, 8, 0, bmpPal, nil, []byte{3, 2, 0, 0, 0, 1, 2, 0})},
		{"8-bit top-down", bmpFile(3, -2, 8, 0, bmpPal, nil, []byte{0, 1, 2, 0, 3, 2, 0, 0})},
		{"4-bit", bmpFile(3, 2, 4, 0, bmpPal, nil, []byte{0x32, 0x00, 0, 0, 0x01, 0x20, 0, 0})},
		{"8-bit RLE", bmpFile(3, 2, 8, 1, bmpPal, nil, []byte{1, 3, 1, 2, 1, 0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 1})},
		{"4-bit RLE", bmpFile(3, 2, 4, 2, bmpPal, nil, []byte{2, 0x32, 1, 0x00, 0, 0, 0, 3, 0x01, 0x20, 0, 1})},
		{"32-bit", bmpFile(3, 2, 32, 0, nil, nil, []byte{
			0xff, 0xff, 0xff, 0, 0xff, 0, 0, 0, 0, 0, 0xff, 0,
			0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0,
		})},
		{"16-bit 565", bmpFile(3, 2, 16, 3, nil, masks565, []byte{
			0xff, 0xff, 0x1f, 0x00, 0x00, 0xf8, 0, 0,
			0x00, 0xf8, 0xe0, 0x07, 0x1f, 0x00, 0, 0,
		})},
		{"16-bit 555", bmpFile(3, 2, 16, 0, nil, nil, []byte{
			0xff, 0x7f, 0x1f, 0x00, 0x00, 0x7c, 0, 0,
			0x00, 0x7c, 0xe0, 0x03, 0x1f, 0x00, 0, 0,
		})},
	} {
		t.Run(tt.name, func(t *testing.T) {
			img, err := render.DecodeBMP(tt.data, false)
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != 3 || b.Dy() != 2 {
				t.Fatalf("size %v, want 3 x 2", b)
			}
			for y, row := range bmpWant {
				for x, want := range row {
					if got := img.NRGBAAt(x, y); got != want {
						t.Errorf("pixel (%d, %d) = %v, want %v", x, y, got, want)
					}
				}
			}
			keyed, err := render.DecodeBMP(tt.data, true)
			if err != nil {
				t.Fatal(err)
			}
			if got := keyed.NRGBAAt(1, 0); got != bmpClear {
				t.Errorf("keyed bmpGreen pixel = %v, want transparent", got)
			}
			if got := keyed.NRGBAAt(0, 0); got != bmpRed {
				t.Errorf("keyed bmpRed pixel = %v, want %v", got, bmpRed)
			}
		})
	}
}

func TestDecodeBMPErrors(t *testing.T) {
	good := bmpFile(3, 2, 8, 0, bmpPal, nil, []byte{3, 2, 0, 0, 0, 1, 2, 0})
	huge := bmpFile(100000, 100000, 24, 0, nil, nil, nil)
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"not a bitmap", []byte("GIF89a and some more bytes to pass the length check")},
		{"truncated pixels", good[:len(good)-3]},
		{"truncated header", good[:30]},
		{"too large", huge},
		{"zero width", bmpFile(0, 2, 24, 0, nil, nil, nil)},
		{"unknown compression", bmpFile(3, 2, 24, 9, nil, nil, make([]byte, 24))},
		{"jpeg inside", bmpFile(3, 2, 24, 4, nil, nil, make([]byte, 24))},
		{"odd depth", bmpFile(3, 2, 7, 0, nil, nil, make([]byte, 24))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := render.DecodeBMP(tt.data, false); err == nil {
				t.Errorf("DecodeBMP succeeded, want an error")
			}
		})
	}
}

// FuzzDecodeBMP checks that no input makes DecodeBMP panic or allocate without bound.
func FuzzDecodeBMP(f *testing.F) {
	f.Add(bmpFile(3, 2, 8, 0, bmpPal, nil, []byte{3, 2, 0, 0, 0, 1, 2, 0}))
	f.Add(bmpFile(3, 2, 4, 2, bmpPal, nil, []byte{2, 0x32, 1, 0x00, 0, 0, 0, 3, 0x01, 0x20, 0, 1}))
	f.Add(bmpFile(3, 2, 8, 1, bmpPal, nil, []byte{1, 3, 1, 2, 1, 0, 0, 0, 0, 3, 0, 1, 2, 0, 0, 1}))
	f.Add(bmpFile(3, -2, 32, 3, nil, []byte{0, 0, 0xff, 0, 0, 0xff, 0, 0, 0xff, 0, 0, 0}, make([]byte, 24)))
	f.Fuzz(func(t *testing.T, data []byte) {
		render.DecodeBMP(data, true)
	})
}
