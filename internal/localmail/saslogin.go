package localmail

// loginServer is the server side of the obsolete but common LOGIN
// mechanism: the client sends its user name (possibly as the initial
// response), is asked "Password:" and sends it.
type loginServer struct {
	authenticate func(username, password string) error
	username     string
	step         int
}

// LOGIN challenges, as the go-sasl client expects them.
var (
	loginUsernameChallenge = []byte("Username:")
	loginPasswordChallenge = []byte("Password:")
)

// Next runs one step of the exchange.
func (l *loginServer) Next(response []byte) (challenge []byte, done bool, err error) {
	switch l.step {
	case 0:
		if response == nil {
			l.step = 1
			return loginUsernameChallenge, false, nil
		}
		l.username = string(response)
		l.step = 2
		return loginPasswordChallenge, false, nil
	case 1:
		l.username = string(response)
		l.step = 2
		return loginPasswordChallenge, false, nil
	default:
		return nil, true, l.authenticate(l.username, string(response))
	}
}
