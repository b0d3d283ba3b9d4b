/*
 * alice's and bob's RSA key pairs (2048 bits): the keys their channels sign HTTP Signatures with.
 * Generated once (Node `generateKeyPairSync('rsa', { modulusLength: 2048 })`, PKCS #8 and SPKI PEM,
 * the formats Hubzilla stores in `channel_prvkey` and `xchan_pubkey`) and kept here as text, so every
 * site and every run has the same keys and seeding costs no key generation.
 */

/** A channel's key pair, as PEM text. */
export interface ChannelKeyPair {
  /** PKCS #8 (`-----BEGIN PRIVATE KEY-----`). */
  privateKeyPem: string;
  /** SPKI (`-----BEGIN PUBLIC KEY-----`). */
  publicKeyPem: string;
}

const ALICE: ChannelKeyPair = {
  privateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDLmpSweUk5Sy3l
MRMCiCY6ox9A78/gZuTfRiuDfT1VqySLaxpuONHt59JMIV2ZN1u66wB8orKtg+BQ
ezZgIm73gQtVK4wNwv4X5TFebLJl18TusYVUWS9osT/WZK8BPjOExf3DaAsWdwbQ
YJMLBTcOeccnqJCUxfEBogZ5dG+EbbzMGMsMALin8Rde2hWn25QDZQ3hmes39xbA
Qg7UrsDhwoVNt/qg7yc8mGURnu9CbEvj57PjfaLVDK3+AzJBtPI93eBvgBX7eZE5
3iMsLMN3SxcXb9Q2l6yf8FskTzlP4POyXrQrdgYJ/H2zbHn2Hxsrf8gAi9Rva1nG
y6TG1E/jAgMBAAECggEAHIHyLrwUsL/M1x87alUrhnX04s/mcHpHsoFt3J/KWOE5
ITI9BaYmsqO3shl73v+SyZsCOvFBiQJYLpH0kkT6pOSodGOVXQ8/1OhY32qNwgJn
nFo2cRHPDbQVBvea+gFpD5P0ojRs/6y+bf+6UZvd0m+M9Im+u1ifFEZI7MmM8bgh
faSHerfanfDqqGEbMx6JzmUHDhfUf1HnZs0KTKIOUR5Al592zqCvOEO9pGXP5sMl
BQB0EQx0I0vqpVuqeMfVpAedVskMlccclHcMlbTgoR4/sQWO6LMYeKnTE64+sSFZ
WXi75t8Bn+AeHi+a9uXepzdOJSqZwl9n3dy+KhuTYQKBgQD8xaNv6GS0lY9dfa7L
Qh6Pn8RxsyUTKYpqgrTk1KdKcWlema8wgquRh/itD718io01t19s6UZtJ/mhDUoz
88SDv5r0ITQ2O1NMtN5iqqxLP5Z8y/cyi93bvl3yKDrKZTJSuQ8M2C2IrACcZgI1
/vYeYl9JI387bpEGuCpz53FgIQKBgQDONDOuC863at/Y4C0OKJerAAL5+O6V0krX
Ae8rD2CV2iowDq3e55L7rh2J0Ccx6bXnyfHnN1q25PB6Dp3HU9vqIOpqHvXsPDsz
NgsGs0c42xwM7SA9/PhXN+18pMIeOWVu8XNmS8RhveMWgpLnkOYNnrMH6jqeOvl2
Lair7Cg/gwKBgFnKGvR1qNA9EGA1dRHeutxp9G4vJMxZxUFwjLF8mLBo+PURwpmI
0Ukw87UGEllbHi4mpU8azlmYCaScA+/Qd84VEgYGhXV+PWjSFu0Vk35naB2MlpLt
/DFCvjx27etXZzjbY+08HXCfKNhlpANqPiMs7owcf+WssPeiE/J4FF4BAoGBALup
jo8Ld+o9fdNm0hpcnwulSxAsmRYI+MuMmxnZONGoZ1StR1fh8UbUQ1W09rbaOA7n
HxyKqChjWuf6fWV20GHX6v8BhlakykvlF0vVxS/dWT36YKmJnInkAGK7n17aZZH+
dEPZGLTLl+xYkVHl8TjcAZtmdEqk6XvAOg2dM1P5AoGBAM0c4CDqaVTiecWat2/8
1xWj8NC98XVuRj635dS9ullrPbgt0gkqj3iP9bHfSm3/PMk87kJvzy979PE6d/EE
m7AWrzuiD7KZ6P2jDCY2ijJHDMJB6IbdS5TT0y4ownevsmiCpfiTEQXQx7H2DuxH
X0Kuti3hw3UMVig5VZnQPQH4
-----END PRIVATE KEY-----
`,
  publicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAy5qUsHlJOUst5TETAogm
OqMfQO/P4Gbk30Yrg309Vaski2sabjjR7efSTCFdmTdbuusAfKKyrYPgUHs2YCJu
94ELVSuMDcL+F+UxXmyyZdfE7rGFVFkvaLE/1mSvAT4zhMX9w2gLFncG0GCTCwU3
DnnHJ6iQlMXxAaIGeXRvhG28zBjLDAC4p/EXXtoVp9uUA2UN4ZnrN/cWwEIO1K7A
4cKFTbf6oO8nPJhlEZ7vQmxL4+ez432i1Qyt/gMyQbTyPd3gb4AV+3mROd4jLCzD
d0sXF2/UNpesn/BbJE85T+Dzsl60K3YGCfx9s2x59h8bK3/IAIvUb2tZxsukxtRP
4wIDAQAB
-----END PUBLIC KEY-----
`,
};

const BOB: ChannelKeyPair = {
  privateKeyPem: `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC00K7HQaSXQyxs
eT1p5yPGrIMpYCraqRrITnZdaVO+F2NSaIO6ZbCFFp8JM9hlAHNgt+85055tf8c/
TqAcM7rYR/cOkJK+SbqyIbZ9x9m3hCwR+xy1vGb411gjOczpOJ6S6nDhrQ3R7+sb
4HQeyYKcV6O3Y3oKZj65i/KuXpGdgacugOtHGzFODwuJnQccOWkYG133DeHs8FSW
22yrg37s8oiLoOOrveDGsa6JsBLRxcOAbF6Bjp7X+N5IRIJQDJnUTjK1hUHhWDic
wjyfQstiyRapvBnAkvX+KKhXRJU7BnBurD6ED9hIeVe8ETBllTF0bcKJ8LCYOotd
nas5sebzAgMBAAECggEAGNpWK60qImBpSr+fYV8T28r6fEVrnoJ/2+hs/IntqMMu
M7WJ5aT0jlZ9pZYquDdHpJOjnh8oN4TIrjrwZu/1TqUVoDre8KjRsIpRuxgtJLxW
EmKhn5k1zh5LTwwyzhuqMCdpPJu8uo5vknVXgKPSAAtLxXk23RcQqBBEWxNEkJF1
qcA3KBAgbVUzvxVp8wOQeD7z7rA0iwQw9WLcnDTie4Su8g4gLoVEj5aHzuXm8zf7
dbnJef0cm+ITfvUkA4XBIkdIO0G7djXxOvdH8mVHO+SLZUsJyiAE57y0wW4cvkHG
kwjaXWlYS5RxqRnEu+ZstRm6EXARCFvVovCsZO75gQKBgQD9U0M9WA6xbkX4L7z0
HRvtqNqp6ZJ2M84snxQ7P5OYhkitlSb6VoHllQ8TtLLZ6QcvdAbtSWjM+jiXaGOi
sNVQ1jiuKV9JRfaoC0PC7g5ynU3qb9AK+3JOV7pdxPYL8J8QtiH56hXcBiWCFpiX
eHRWeFVWTu2KytSwtIlE3l81DwKBgQC2uWzxcylcBkaLRZuciIHfltQjEXT2i2od
PMj0hHLkkhyZSyKLTc3axY3uzGovjknBlZGSTj27VHeKmLLdGin3Xybz4OU2OKt4
cWw0TT9w1mzepYE6RnC1+vXkxScHWP8b1TPyk4FTbEDQtuE90uSW5+fK8m0GMCiG
kxMN+/dX3QKBgQDSMQX3nlsCqcbwuVuFCaokthhJJ37ZCP8nUw9MYeIrijA/pyRi
TukU/2s1JJfJ62qE2zbsKB8HBQ9zwa/6S9OTcUwyZi2j9KNGp6If2bqvKwp9XS04
D462pmACcezd11eEXDswzCQ7HfZ9TBZsiAuvu8TDClZa9RUpUYMcW46PzQKBgBpI
k94rVZCyKmWQLrEWha/2zy74LN3l8e6gtrtNbgVo6wo135MwLuNANYlbCA8tJXje
HeFwtbqDjOp3yoq5X74Ahubfu7jP8AJUNl9TmUOO5HwmTG9ogH/8yHAO1+1bpN6J
DX7gLuMkGDKti7rL4iu+0f3EX2BbfwjUkRIa41pVAoGARNeDX6gUiDwwD1AGBih6
3jbu3Xfus5wiS1mQx47Z59Pnuy9IrWffguFUgSbzncDLS4VSAZ6ogoKCG4T3DIMq
Lqn7HFnuaVWVh5ekBMzD3swr5K5IcU4VyL44XSH39t45uwvbtfnWWI8jRhNR7N4C
L1hLIxrjhTM5iHc7GvCnPt0=
-----END PRIVATE KEY-----
`,
  publicKeyPem: `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtNCux0Gkl0MsbHk9aecj
xqyDKWAq2qkayE52XWlTvhdjUmiDumWwhRafCTPYZQBzYLfvOdOebX/HP06gHDO6
2Ef3DpCSvkm6siG2fcfZt4QsEfsctbxm+NdYIznM6Tiekupw4a0N0e/rG+B0HsmC
nFejt2N6CmY+uYvyrl6RnYGnLoDrRxsxTg8LiZ0HHDlpGBtd9w3h7PBUlttsq4N+
7PKIi6Djq73gxrGuibAS0cXDgGxegY6e1/jeSESCUAyZ1E4ytYVB4Vg4nMI8n0LL
YskWqbwZwJL1/iioV0SVOwZwbqw+hA/YSHlXvBEwZZUxdG3CifCwmDqLXZ2rObHm
8wIDAQAB
-----END PUBLIC KEY-----
`,
};

/** The seeded key pairs by channel nickname (the other channels keep unusable stand-ins). */
export const CHANNEL_KEYS: Readonly<Record<string, ChannelKeyPair>> = { alice: ALICE, bob: BOB };
