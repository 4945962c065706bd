// Package cobra is a type-only stand-in for github.com/spf13/cobra: what
// the fixtures call, with the real signatures.
package cobra

import (
	"context"

	"github.com/spf13/pflag"
)

// Command is a command line command.
type Command struct {
	Use   string
	Short string
	Run   func(cmd *Command, args []string)
	RunE  func(cmd *Command, args []string) error
	flags *pflag.FlagSet
	ctx   context.Context
}

// Flags returns the command's flag set.
func (c *Command) Flags() *pflag.FlagSet {
	if c.flags == nil {
		c.flags = pflag.NewFlagSet(c.Use, pflag.ExitOnError)
	}
	return c.flags
}

// PersistentFlags returns the flags the command's children inherit.
func (c *Command) PersistentFlags() *pflag.FlagSet { return c.Flags() }

// AddCommand adds sub-commands.
func (c *Command) AddCommand(cmds ...*Command) {}

// Context returns the command's context.
func (c *Command) Context() context.Context { return c.ctx }

// Execute runs the command.
func (c *Command) Execute() error { return nil }
