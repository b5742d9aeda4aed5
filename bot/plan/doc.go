// Package plan keeps a player's conditional moves ("plans") for slow
// games: "if my opponent plays X, answer Y; then if Z, answer W". Plans
// that share a beginning form a [Tree]; the opponent's move either follows
// one of the tree's branches, whose answer is then played and whose
// subtree stays, or diverges, and the whole tree is cleared.
//
// The package reads plans in either notation ([ParseLine]), checks a line
// against a position ([Check]), merges lines into a tree ([Tree.Add]),
// answers an opponent's move ([Tree.Respond]) and lists the lines
// ([Tree.Lines]). Moves are stored as canonical PTN (tak.Move.String), the
// form the referee stores moves in. It imports tak and notation only.
package plan
