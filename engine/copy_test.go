package engine

import (
	"reflect"
	"testing"
)

// TestCopyFromEveryField fills every field of a state and checks that CopyFrom copies
// it, on the plain path (no dialect values, stacks or external state) and on the
// general one: a field added to State must be copied by both.
func TestCopyFromEveryField(t *testing.T) {
	for _, plain := range []bool{true, false} {
		src := &State{Cells: []Cell{1, 2, 3}, Stock: []int32{4, 5}}
		v := reflect.ValueOf(src).Elem()
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			switch f.Kind() {
			case reflect.Int, reflect.Int32, reflect.Int64:
				f.SetInt(int64(7 + i))
			case reflect.Uint32, reflect.Uint64:
				f.SetUint(uint64(7 + i))
			case reflect.Slice, reflect.Interface:
			default:
				t.Fatalf("State.%s: a field of kind %s; teach this test and CopyFrom about it", v.Type().Field(i).Name, f.Kind())
			}
		}
		if !plain {
			src.Vals, src.Under, src.External = []int32{6}, []Cell{7}, "ext"
		}
		dst := &State{Cells: make([]Cell, 3), Stock: make([]int32, 2)}
		dst.CopyFrom(src)
		if !reflect.DeepEqual(dst, src) {
			t.Errorf("plain %v: CopyFrom gave %+v, want %+v", plain, *dst, *src)
		}
	}
}
