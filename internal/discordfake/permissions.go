package discordfake

import "strconv"

// Permission is a set of Discord permission bits
// (https://discord.com/developers/docs/topics/permissions).
type Permission uint64

// The permission bits the fake checks or reports.
const (
	PermManageChannels         Permission = 1 << 4
	PermAddReactions           Permission = 1 << 6
	PermViewChannel            Permission = 1 << 10
	PermSendMessages           Permission = 1 << 11
	PermManageMessages         Permission = 1 << 13
	PermEmbedLinks             Permission = 1 << 14
	PermAttachFiles            Permission = 1 << 15
	PermReadMessageHistory     Permission = 1 << 16
	PermUseExternalEmojis      Permission = 1 << 18
	PermUseApplicationCommands Permission = 1 << 31
	PermManageThreads          Permission = 1 << 34
	PermCreatePublicThreads    Permission = 1 << 35
	PermCreatePrivateThreads   Permission = 1 << 36
	PermSendMessagesInThreads  Permission = 1 << 38
)

// defaultPermissions is what @everyone, and so the bot, may do in a fresh
// guild of the fake.
const defaultPermissions = PermAddReactions | PermViewChannel | PermSendMessages |
	PermEmbedLinks | PermAttachFiles | PermReadMessageHistory | PermUseExternalEmojis |
	PermUseApplicationCommands | PermCreatePublicThreads | PermCreatePrivateThreads |
	PermSendMessagesInThreads

// String formats the bits as Discord does: a decimal string.
func (p Permission) String() string { return strconv.FormatUint(uint64(p), 10) }

// has reports whether every bit of want is set.
func (p Permission) has(want Permission) bool { return p&want == want }
