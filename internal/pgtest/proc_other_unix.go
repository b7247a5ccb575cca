//go:build unix && !linux

package pgtest

import "syscall"

// procAttr runs a program as cred (nil: as the tests).
func procAttr(cred *credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred}
}
