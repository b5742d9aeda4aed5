package discordfake

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// Discord JSON error codes the fake answers with
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
const (
	CodeGeneral                 = 0
	CodeUnknownChannel          = 10003
	CodeUnknownGuild            = 10004
	CodeUnknownMember           = 10007
	CodeUnknownMessage          = 10008
	CodeUnknownUser             = 10013
	CodeUnknownWebhook          = 10015
	CodeUnknownInteraction      = 10062
	CodeUnknownCommand          = 10063
	CodeAlreadyAcknowledged     = 40060
	CodeEntityTooLarge          = 40005
	CodeMissingAccess           = 50001
	CodeCannotEditOthersMessage = 50005
	CodeEmptyMessage            = 50006
	CodeCannotMessageUser       = 50007
	CodeMissingPermissions      = 50013
	CodeInvalidWebhookToken     = 50027
	CodeInvalidRecipient        = 50033
	CodeInvalidFormBody         = 50035
	CodeWrongChannelType        = 50024
	CodeThreadArchived          = 50083
	CodeThreadAlreadyCreated    = 160004
	CodeThreadLocked            = 160005
)

// APIError is an error answer in Discord's JSON shape:
// {"code": 50035, "message": "Invalid Form Body", "errors": {...}}.
type APIError struct {
	Status  int            `json:"-"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

// Error describes the answer.
func (e *APIError) Error() string {
	return fmt.Sprintf("HTTP %d, code %d: %s", e.Status, e.Code, e.Message)
}

func apiErr(status, code int, message string) *APIError {
	return &APIError{Status: status, Code: code, Message: message}
}

func errUnauthorized() *APIError {
	return apiErr(http.StatusUnauthorized, CodeGeneral, "401: Unauthorized")
}

func errNotFoundRoute() *APIError {
	return apiErr(http.StatusNotFound, CodeGeneral, "404: Not Found")
}

func errMethodNotAllowed() *APIError {
	return apiErr(http.StatusMethodNotAllowed, CodeGeneral, "405: Method Not Allowed")
}

func errUnknownChannel() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownChannel, "Unknown Channel")
}

func errUnknownGuild() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownGuild, "Unknown Guild")
}

func errUnknownMember() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownMember, "Unknown Member")
}

func errUnknownMessage() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownMessage, "Unknown Message")
}

func errUnknownUser() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownUser, "Unknown User")
}

func errUnknownWebhook() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook")
}

func errUnknownInteraction() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownInteraction, "Unknown interaction")
}

func errUnknownCommand() *APIError {
	return apiErr(http.StatusNotFound, CodeUnknownCommand, "Unknown application command")
}

func errMissingAccess() *APIError {
	return apiErr(http.StatusForbidden, CodeMissingAccess, "Missing Access")
}

func errMissingPermissions() *APIError {
	return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
}

func errCannotMessageUser() *APIError {
	return apiErr(http.StatusForbidden, CodeCannotMessageUser, "Cannot send messages to this user")
}

func errEmptyMessage() *APIError {
	return apiErr(http.StatusBadRequest, CodeEmptyMessage, "Cannot send an empty message")
}

func errThreadArchived() *APIError {
	return apiErr(http.StatusBadRequest, CodeThreadArchived, "Thread is archived")
}

func errWrongChannelType() *APIError {
	return apiErr(http.StatusBadRequest, CodeWrongChannelType, "Cannot execute action on this channel type")
}

// fieldError is one problem of a request body, at a JSON path such as
// ["components", "0", "components", "1", "custom_id"].
type fieldError struct {
	kind    ViolationKind
	path    []string
	code    string
	message string
}

// formErrors collects the problems of one request body. Problems take the
// kind that is current when they are added.
type formErrors struct {
	kind ViolationKind
	list []fieldError
}

// add records a problem at the dotted path ("" is the whole body).
func (f *formErrors) add(path, code, message string) {
	var parts []string
	if path != "" {
		parts = strings.Split(path, ".")
	}
	kind := f.kind
	if kind == "" {
		kind = InvalidFormBody
	}
	f.list = append(f.list, fieldError{kind: kind, path: parts, code: code, message: message})
}

// ok tells whether no problem was found.
func (f *formErrors) ok() bool { return len(f.list) == 0 }

// byKind lists the problems in one line per violation kind.
func (f *formErrors) byKind() map[ViolationKind]string {
	lines := map[ViolationKind][]string{}
	for _, e := range f.list {
		where := strings.Join(e.path, ".")
		if where == "" {
			where = "body"
		}
		lines[e.kind] = append(lines[e.kind], where+": "+e.message)
	}
	out := map[ViolationKind]string{}
	for k, l := range lines {
		sort.Strings(l)
		out[k] = strings.Join(l, "; ")
	}
	return out
}

// apiError turns the problems into a 400 "Invalid Form Body" answer with
// Discord's nested "errors" object.
func (f *formErrors) apiError() *APIError {
	tree := map[string]any{}
	for _, e := range f.list {
		node := tree
		for _, key := range e.path {
			child, ok := node[key].(map[string]any)
			if !ok {
				child = map[string]any{}
				node[key] = child
			}
			node = child
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": e.code, "message": e.message})
	}
	return &APIError{Status: http.StatusBadRequest, Code: CodeInvalidFormBody, Message: "Invalid Form Body", Errors: tree}
}

// Errors returned by the test driver when a user could not do what it was
// asked to do in the real client.
var (
	// ErrNotConnected: the bot never identified on the gateway.
	ErrNotConnected = errors.New("discordfake: the bot has no gateway session")
	// ErrUnknownUser: no such user in the fake world.
	ErrUnknownUser = errors.New("discordfake: unknown user")
	// ErrUnknownChannel: no such channel, or the user cannot see it.
	ErrUnknownChannel = errors.New("discordfake: unknown channel")
	// ErrUnknownMessage: no such message, or the user cannot see it.
	ErrUnknownMessage = errors.New("discordfake: unknown message")
	// ErrUnknownCommand: the command is not registered where the user is.
	ErrUnknownCommand = errors.New("discordfake: command not registered here")
	// ErrBadOptions: the options do not fit the registered command.
	ErrBadOptions = errors.New("discordfake: options do not fit the command")
	// ErrUnknownComponent: the message has no such usable component.
	ErrUnknownComponent = errors.New("discordfake: no such usable component")
	// ErrNoModal: the bot showed the user no such modal.
	ErrNoModal = errors.New("discordfake: no such modal open")
	// ErrBadModalInput: the fields do not fit the modal's text inputs.
	ErrBadModalInput = errors.New("discordfake: fields do not fit the modal")
	// ErrThreadArchived: users cannot use commands or components in an
	// archived thread.
	ErrThreadArchived = errors.New("discordfake: thread is archived")
	// ErrThreadLocked: users cannot post in a locked, archived thread.
	ErrThreadLocked = errors.New("discordfake: thread is locked")
	// ErrNoReply: the interaction was answered without a message.
	ErrNoReply = errors.New("discordfake: the answer carries no message")
	// ErrWrongAnswerType: the interaction was answered with another type.
	ErrWrongAnswerType = errors.New("discordfake: unexpected answer type")
)
