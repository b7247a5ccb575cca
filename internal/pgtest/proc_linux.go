package pgtest

import "syscall"

// procAttr runs a program as cred (nil: as the tests) and ends it with SIGQUIT, which
// is PostgreSQL's immediate shutdown, when the test binary dies.
func procAttr(cred *credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
}
