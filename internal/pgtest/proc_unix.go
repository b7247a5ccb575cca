//go:build unix

package pgtest

import (
	"errors"
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// A credential says which user a program runs as.
type credential = syscall.Credential

// runAs returns the credentials to run PostgreSQL with: nil when the tests do not run as
// root, else those of the user postgres, or nobody.
func runAs() (*credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 != nil || err2 != nil {
			continue
		}
		return &credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}, nil
	}
	return nil, errors.New("running as root, and there is neither a user postgres nor nobody to run PostgreSQL as")
}
