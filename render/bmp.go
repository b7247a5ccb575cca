package render

// This file decodes Windows bitmaps, the format of Zillions board and piece images, for
// the SVG rendering. It reads what Windows tools wrote in the 1990s and 2000s: 1, 4, 8,
// 16, 24 and 32 bits per pixel, uncompressed, RLE8, RLE4 or bit fields, bottom-up or
// top-down. Input is untrusted: sizes are checked before anything is allocated.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/bits"
)

// maxBMPPixels bounds the size of a decoded bitmap: 16 million pixels, four times a
// 2048 x 2048 board.
const maxBMPPixels = 1 << 24

// Compression methods of a bitmap.
const (
	bmpRGB       = 0
	bmpRLE8      = 1
	bmpRLE4      = 2
	bmpBitFields = 3
	bmpAlphaBits = 6
)

var errBMPShort = errors.New("bmp: truncated file")

// DecodeBMP decodes a Windows bitmap. When key is true, pixels of pure green (0, 255, 0)
// become transparent, as Zillions draws them.
func DecodeBMP(data []byte, key bool) (*image.NRGBA, error) {
	if len(data) < 14+12 || data[0] != 'B' || data[1] != 'M' {
		return nil, errors.New("bmp: not a bitmap (no BM signature)")
	}
	le := binary.LittleEndian
	offset := int64(le.Uint32(data[10:]))
	hsize := int(le.Uint32(data[14:]))
	var width, height int64
	var bpp, comp int
	nColors := 0
	palEntry := 4 // bytes per palette entry
	switch {
	case hsize == 12: // BITMAPCOREHEADER
		width, height = int64(le.Uint16(data[18:])), int64(int16(le.Uint16(data[20:])))
		bpp = int(le.Uint16(data[24:]))
		palEntry = 3
	case hsize >= 40 && hsize <= 124:
		if len(data) < 14+hsize {
			return nil, errBMPShort
		}
		width, height = int64(int32(le.Uint32(data[18:]))), int64(int32(le.Uint32(data[22:])))
		bpp = int(le.Uint16(data[28:]))
		comp = int(le.Uint32(data[30:]))
		nColors = int(le.Uint32(data[46:]))
	default:
		return nil, fmt.Errorf("bmp: unsupported header size %d", hsize)
	}
	topDown := height < 0
	if topDown {
		height = -height
	}
	if width <= 0 || height <= 0 || width*height > maxBMPPixels {
		return nil, fmt.Errorf("bmp: bad or too large size %d x %d", width, height)
	}
	w, h := int(width), int(height)

	// Bit-field masks follow a 40-byte header and are part of larger ones.
	var masks [4]uint32
	pos := 14 + hsize
	switch comp {
	case bmpRGB, bmpRLE8, bmpRLE4:
	case bmpBitFields, bmpAlphaBits:
		if bpp != 16 && bpp != 32 {
			return nil, fmt.Errorf("bmp: bit fields with %d bits per pixel", bpp)
		}
		n := 3
		if comp == bmpAlphaBits {
			n = 4
		}
		if hsize == 40 {
			if len(data) < pos+4*n {
				return nil, errBMPShort
			}
			for i := range n {
				masks[i] = le.Uint32(data[pos+4*i:])
			}
			pos += 4 * n
		} else {
			for i := range min(n, (hsize-40)/4) {
				masks[i] = le.Uint32(data[14+40+4*i:])
			}
		}
	default:
		return nil, fmt.Errorf("bmp: unsupported compression %d", comp)
	}
	if comp == bmpRLE8 && bpp != 8 || comp == bmpRLE4 && bpp != 4 {
		return nil, fmt.Errorf("bmp: compression %d with %d bits per pixel", comp, bpp)
	}

	var pal []color.NRGBA
	switch bpp {
	case 1, 4, 8:
		max := 1 << bpp
		if nColors <= 0 || nColors > max {
			nColors = max
		}
		for i := range nColors {
			p := pos + i*palEntry
			if p+3 > len(data) {
				break // a short palette: the missing entries are black
			}
			pal = append(pal, color.NRGBA{R: data[p+2], G: data[p+1], B: data[p], A: 0xff})
		}
		for len(pal) < max {
			pal = append(pal, color.NRGBA{A: 0xff})
		}
	case 16:
		if comp == bmpRGB {
			masks = [4]uint32{0x7c00, 0x03e0, 0x001f, 0}
		}
	case 24:
	case 32:
		if comp == bmpRGB {
			masks = [4]uint32{0xff0000, 0xff00, 0xff, 0}
		}
	default:
		return nil, fmt.Errorf("bmp: unsupported %d bits per pixel", bpp)
	}
	if offset < 14 || offset > int64(len(data)) {
		return nil, errBMPShort
	}
	pix := data[offset:]
	if comp != bmpRLE8 && comp != bmpRLE4 {
		// Check the length before allocating.
		if stride := (int64(w)*int64(bpp) + 31) / 32 * 4; int64(len(pix)) < stride*(height-1)+(width*int64(bpp)+7)/8 {
			return nil, errBMPShort
		}
	}

	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	// row returns the image row of the i-th row stored in the file.
	row := func(i int) int {
		if topDown {
			return i
		}
		return h - 1 - i
	}
	var err error
	switch comp {
	case bmpRLE8, bmpRLE4:
		if topDown {
			return nil, errors.New("bmp: compressed bitmaps cannot be top-down")
		}
		err = decodeRLE(img, pix, pal, comp == bmpRLE4)
	default:
		err = decodeRows(img, pix, pal, bpp, masks, row)
	}
	if err != nil {
		return nil, err
	}
	if key {
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i] == 0 && img.Pix[i+1] == 0xff && img.Pix[i+2] == 0 {
				img.Pix[i+3] = 0
			}
		}
	}
	return img, nil
}

// decodeRows reads uncompressed rows, each padded to four bytes.
func decodeRows(img *image.NRGBA, pix []byte, pal []color.NRGBA, bpp int, masks [4]uint32, row func(int) int) error {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	stride := (w*bpp + 31) / 32 * 4
	if len(pix) < stride*(h-1)+(w*bpp+7)/8 {
		return errBMPShort
	}
	var fields [4]bitField
	for i, m := range masks {
		fields[i] = newBitField(m)
	}
	for i := range h {
		src := pix[i*stride:]
		dst := img.Pix[row(i)*img.Stride:]
		for x := range w {
			var c color.NRGBA
			switch bpp {
			case 1, 4, 8:
				bit := x * bpp
				v := src[bit/8] >> (8 - bpp - bit%8) & (1<<bpp - 1)
				c = pal[v]
			case 24:
				c = color.NRGBA{R: src[3*x+2], G: src[3*x+1], B: src[3*x], A: 0xff}
			case 16:
				v := uint32(binary.LittleEndian.Uint16(src[2*x:]))
				c = color.NRGBA{R: fields[0].get(v), G: fields[1].get(v), B: fields[2].get(v), A: 0xff}
			case 32:
				v := binary.LittleEndian.Uint32(src[4*x:])
				c = color.NRGBA{R: fields[0].get(v), G: fields[1].get(v), B: fields[2].get(v), A: 0xff}
			}
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = c.R, c.G, c.B, c.A
		}
	}
	return nil
}

// bitField extracts one colour channel from a pixel value and scales it to 8 bits.
type bitField struct {
	shift, width uint
}

func newBitField(mask uint32) bitField {
	if mask == 0 {
		return bitField{}
	}
	shift := uint(bits.TrailingZeros32(mask))
	return bitField{shift: shift, width: uint(bits.Len32(mask >> shift))}
}

func (f bitField) get(v uint32) uint8 {
	if f.width == 0 {
		return 0
	}
	v = v >> f.shift & (1<<f.width - 1)
	if f.width >= 8 {
		return uint8(v >> (f.width - 8))
	}
	// Repeat the bits to fill 8: 5-bit 31 becomes 255.
	out, n := uint32(0), uint(0)
	for ; n < 8; n += f.width {
		out = out<<f.width | v
	}
	return uint8(out >> (n - 8))
}

// decodeRLE reads a bottom-up RLE8 or RLE4 bitmap. Pixels the data skips stay transparent
// black, which Windows leaves to the background too.
func decodeRLE(img *image.NRGBA, pix []byte, pal []color.NRGBA, four bool) error {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	x, y := 0, 0 // y counts rows from the bottom
	set := func(v byte) {
		if x < w && y < h {
			c := pal[v]
			o := (h-1-y)*img.Stride + 4*x
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = c.R, c.G, c.B, c.A
		}
		x++
	}
	i := 0
	for i+1 < len(pix) {
		n, v := int(pix[i]), pix[i+1]
		i += 2
		if n > 0 {
			for j := range n {
				if four {
					set(v >> (4 * uint(1-j%2)) & 0xf)
				} else {
					set(v)
				}
			}
			continue
		}
		switch v {
		case 0: // end of line
			x, y = 0, y+1
		case 1: // end of bitmap
			return nil
		case 2: // delta
			if i+1 >= len(pix) {
				return errBMPShort
			}
			x, y = x+int(pix[i]), y+int(pix[i+1])
			i += 2
		default: // a literal run of v pixels, padded to two bytes
			m := int(v)
			size := m
			if four {
				size = (m + 1) / 2
			}
			if i+size > len(pix) {
				return errBMPShort
			}
			for j := range m {
				if four {
					set(pix[i+j/2] >> (4 * uint(1-j%2)) & 0xf)
				} else {
					set(pix[i+j])
				}
			}
			i += size + size%2
		}
		if y >= h {
			return nil
		}
	}
	return nil
}
