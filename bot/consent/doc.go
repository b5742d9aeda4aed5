// Package consent holds the trust rules of what one sender may do and
// what may be sent to whom, as pure decisions over counters and records,
// apart from the referee that applies them (package bot):
//
//   - the quotas of one sender ([Quotas]): challenges waiting, commands in
//     a message, messages an hour ([Rates]), analyses an hour;
//   - which challenges wait for an answer ([Waiting]), the count the
//     challenge quotas are checked against;
//   - the things a player said in a game in the last hour ([Recent]), the
//     count of chat's hourly limit;
//   - the consent of addresses anyone can name ([Consent], [Unwanted],
//     [ChallengeGrace]), kept and enforced by the mail transport;
//   - the answers a transport's limit holds back ([AnswerScheduler],
//     [Group]), which "held" lists.
//
// It reads no clock (every decision is given its time) and no store.
package consent
