//go:build !unix

package pgtest

import "syscall"

// A credential says which user a program runs as; only Unix has them.
type credential struct{ Uid, Gid uint32 }

// runAs returns nil: PostgreSQL runs as the tests' user.
func runAs() (*credential, error) { return nil, nil }

// procAttr returns nil: programs run as the tests' user.
func procAttr(*credential) *syscall.SysProcAttr { return nil }
