;; Multi-buffer SHA-256 (FIPS 180-4) with 128-bit SIMD: four independent messages hashed at once,
;; one in each i32x4 lane. Assembled by scripts/build-wasm.mjs into sha256x4-wasm.ts (do not edit
;; that file; sha256x4.test.ts checks it matches this one). Used by sha256x4.ts.
;;
;; Digests are kept as 8 words per message, each word a native (little-endian) i32 holding the
;; big-endian SHA-256 word, as sha256.ts keeps them in Int32Arrays: the kernel reads message bytes
;; (byte-swapping them into words) and writes digests as words, lanes transposed on the way in and
;; out with i8x16.shuffle. Messages are padded by the caller.
;;
;; Memory:
;;   0     K, 64 words          256  H(0), 8 words
;;   512   W, 64 x v128 (the message schedule of the four lanes)
;;   1536  the state, 8 x v128   1664  scratch, 8 x v128
;;   4096  free for the caller (buffers of messages, block counts, digests).
;; The caller keeps 256 bytes readable past the end of its buffers: a group of four past the last
;; message reads (never writes) the memory of the missing lanes.
(module
  (memory (export "memory") 1)
  (data (i32.const 0)
"\98\2f\8a\42\91\44\37\71\cf\fb\c0\b5\a5\db\b5\e9"
    "\5b\c2\56\39\f1\11\f1\59\a4\82\3f\92\d5\5e\1c\ab"
    "\98\aa\07\d8\01\5b\83\12\be\85\31\24\c3\7d\0c\55"
    "\74\5d\be\72\fe\b1\de\80\a7\06\dc\9b\74\f1\9b\c1"
    "\c1\69\9b\e4\86\47\be\ef\c6\9d\c1\0f\cc\a1\0c\24"
    "\6f\2c\e9\2d\aa\84\74\4a\dc\a9\b0\5c\da\88\f9\76"
    "\52\51\3e\98\6d\c6\31\a8\c8\27\03\b0\c7\7f\59\bf"
    "\f3\0b\e0\c6\47\91\a7\d5\51\63\ca\06\67\29\29\14"
    "\85\0a\b7\27\38\21\1b\2e\fc\6d\2c\4d\13\0d\38\53"
    "\54\73\0a\65\bb\0a\6a\76\2e\c9\c2\81\85\2c\72\92"
    "\a1\e8\bf\a2\4b\66\1a\a8\70\8b\4b\c2\a3\51\6c\c7"
    "\19\e8\92\d1\24\06\99\d6\85\35\0e\f4\70\a0\6a\10"
    "\16\c1\a4\19\08\6c\37\1e\4c\77\48\27\b5\bc\b0\34"
    "\b3\0c\1c\39\4a\aa\d8\4e\4f\ca\9c\5b\f3\6f\2e\68"
    "\ee\82\8f\74\6f\63\a5\78\14\78\c8\84\08\02\c7\8c"
    "\fa\ff\be\90\eb\6c\50\a4\f7\a3\f9\be\f2\78\71\c6")
  (data (i32.const 256)
    "\67\e6\09\6a\85\ae\67\bb\72\f3\6e\3c\3a\f5\4f\a5"
    "\7f\52\0e\51\8c\68\05\9b\ab\d9\83\1f\19\cd\e0\5b")

  ;; Transposes 4x4 words: the 16 bytes at p0..p3 (4 words each) into dst[0, 64), where the v128 at
  ;; dst + 16 j holds word j of p0, p1, p2, p3 in its lanes 0..3. With $swap, each word's bytes are
  ;; reversed on the way (message bytes into big-endian SHA-256 words).
  (func $gather (param $p0 i32) (param $p1 i32) (param $p2 i32) (param $p3 i32) (param $dst i32) (param $swap i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128)
    (local.set $v0 (v128.load (local.get $p0)))
    (local.set $v1 (v128.load (local.get $p1)))
    (local.set $v2 (v128.load (local.get $p2)))
    (local.set $v3 (v128.load (local.get $p3)))
    (if (local.get $swap)
      (then
        (local.set $t0 (i8x16.shuffle 3 2 1 0 19 18 17 16 7 6 5 4 23 22 21 20 (local.get $v0) (local.get $v1)))
        (local.set $t1 (i8x16.shuffle 11 10 9 8 27 26 25 24 15 14 13 12 31 30 29 28 (local.get $v0) (local.get $v1)))
        (local.set $t2 (i8x16.shuffle 3 2 1 0 19 18 17 16 7 6 5 4 23 22 21 20 (local.get $v2) (local.get $v3)))
        (local.set $t3 (i8x16.shuffle 11 10 9 8 27 26 25 24 15 14 13 12 31 30 29 28 (local.get $v2) (local.get $v3))))
      (else
        (local.set $t0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $v0) (local.get $v1)))
        (local.set $t1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $v0) (local.get $v1)))
        (local.set $t2 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $v2) (local.get $v3)))
        (local.set $t3 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $v2) (local.get $v3)))))
    (v128.store offset=0 (local.get $dst) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t0) (local.get $t2)))
    (v128.store offset=16 (local.get $dst) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t0) (local.get $t2)))
    (v128.store offset=32 (local.get $dst) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t1) (local.get $t3)))
    (v128.store offset=48 (local.get $dst) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t1) (local.get $t3))))

  ;; One compression of the block in W[0, 16) into the state, in the lanes of $mask (all ones: every lane).
  (func $compress (param $mask v128)
    (local $p i32) (local $r i32) (local $w i32) (local $x v128) (local $y v128)
    (local $a v128) (local $b v128) (local $c v128) (local $d v128)
    (local $e v128) (local $f v128) (local $g v128) (local $h v128)
    (local $t1 v128) (local $t2 v128)
    ;; W[i] = W[i-16] + s0(W[i-15]) + W[i-7] + s1(W[i-2]), i = 16..63; $p is the address of W[i-16].
    (local.set $p (i32.const 512))
    (loop $schedule
      (local.set $x (v128.load offset=16 (local.get $p)))
      (local.set $y (v128.load offset=224 (local.get $p)))
      (v128.store offset=256 (local.get $p)
        (i32x4.add
          (i32x4.add (v128.load (local.get $p)) (v128.load offset=144 (local.get $p)))
          (i32x4.add
            (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $x) (i32.const 7)) (i32x4.shl (local.get $x) (i32.const 25))) (v128.or (i32x4.shr_u (local.get $x) (i32.const 18)) (i32x4.shl (local.get $x) (i32.const 14)))) (i32x4.shr_u (local.get $x) (i32.const 3)))
            (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $y) (i32.const 17)) (i32x4.shl (local.get $y) (i32.const 15))) (v128.or (i32x4.shr_u (local.get $y) (i32.const 19)) (i32x4.shl (local.get $y) (i32.const 13)))) (i32x4.shr_u (local.get $y) (i32.const 10))))))
      (br_if $schedule (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (i32.const 1280))))
    (local.set $a (v128.load offset=1536 (i32.const 0)))
    (local.set $b (v128.load offset=1552 (i32.const 0)))
    (local.set $c (v128.load offset=1568 (i32.const 0)))
    (local.set $d (v128.load offset=1584 (i32.const 0)))
    (local.set $e (v128.load offset=1600 (i32.const 0)))
    (local.set $f (v128.load offset=1616 (i32.const 0)))
    (local.set $g (v128.load offset=1632 (i32.const 0)))
    (local.set $h (v128.load offset=1648 (i32.const 0)))
    ;; Eight rounds a turn, the roles of a..h rotating through the locals instead of moving between them.
    (loop $round
      ;; round r + 0: a..h = a..h
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $h) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $e) (i32.const 6)) (i32x4.shl (local.get $e) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $e) (i32.const 11)) (i32x4.shl (local.get $e) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $e) (i32.const 25)) (i32x4.shl (local.get $e) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $f) (local.get $g) (local.get $e))
            (i32x4.add (v128.load32_splat offset=0 (local.get $r)) (v128.load offset=512 (local.get $w))))))
      (local.set $d (i32x4.add (local.get $d) (local.get $t1)))
      (local.set $h
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $a) (i32.const 2)) (i32x4.shl (local.get $a) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $a) (i32.const 13)) (i32x4.shl (local.get $a) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $a) (i32.const 22)) (i32x4.shl (local.get $a) (i32.const 10))))
            (v128.bitselect (local.get $c) (local.get $a) (v128.xor (local.get $a) (local.get $b))))))
      ;; round r + 1: a..h = h..g
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $g) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $d) (i32.const 6)) (i32x4.shl (local.get $d) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $d) (i32.const 11)) (i32x4.shl (local.get $d) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $d) (i32.const 25)) (i32x4.shl (local.get $d) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $e) (local.get $f) (local.get $d))
            (i32x4.add (v128.load32_splat offset=4 (local.get $r)) (v128.load offset=528 (local.get $w))))))
      (local.set $c (i32x4.add (local.get $c) (local.get $t1)))
      (local.set $g
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $h) (i32.const 2)) (i32x4.shl (local.get $h) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $h) (i32.const 13)) (i32x4.shl (local.get $h) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $h) (i32.const 22)) (i32x4.shl (local.get $h) (i32.const 10))))
            (v128.bitselect (local.get $b) (local.get $h) (v128.xor (local.get $h) (local.get $a))))))
      ;; round r + 2: a..h = g..f
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $f) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $c) (i32.const 6)) (i32x4.shl (local.get $c) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $c) (i32.const 11)) (i32x4.shl (local.get $c) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $c) (i32.const 25)) (i32x4.shl (local.get $c) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $d) (local.get $e) (local.get $c))
            (i32x4.add (v128.load32_splat offset=8 (local.get $r)) (v128.load offset=544 (local.get $w))))))
      (local.set $b (i32x4.add (local.get $b) (local.get $t1)))
      (local.set $f
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $g) (i32.const 2)) (i32x4.shl (local.get $g) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $g) (i32.const 13)) (i32x4.shl (local.get $g) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $g) (i32.const 22)) (i32x4.shl (local.get $g) (i32.const 10))))
            (v128.bitselect (local.get $a) (local.get $g) (v128.xor (local.get $g) (local.get $h))))))
      ;; round r + 3: a..h = f..e
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $e) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $b) (i32.const 6)) (i32x4.shl (local.get $b) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $b) (i32.const 11)) (i32x4.shl (local.get $b) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $b) (i32.const 25)) (i32x4.shl (local.get $b) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $c) (local.get $d) (local.get $b))
            (i32x4.add (v128.load32_splat offset=12 (local.get $r)) (v128.load offset=560 (local.get $w))))))
      (local.set $a (i32x4.add (local.get $a) (local.get $t1)))
      (local.set $e
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $f) (i32.const 2)) (i32x4.shl (local.get $f) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $f) (i32.const 13)) (i32x4.shl (local.get $f) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $f) (i32.const 22)) (i32x4.shl (local.get $f) (i32.const 10))))
            (v128.bitselect (local.get $h) (local.get $f) (v128.xor (local.get $f) (local.get $g))))))
      ;; round r + 4: a..h = e..d
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $d) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $a) (i32.const 6)) (i32x4.shl (local.get $a) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $a) (i32.const 11)) (i32x4.shl (local.get $a) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $a) (i32.const 25)) (i32x4.shl (local.get $a) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $b) (local.get $c) (local.get $a))
            (i32x4.add (v128.load32_splat offset=16 (local.get $r)) (v128.load offset=576 (local.get $w))))))
      (local.set $h (i32x4.add (local.get $h) (local.get $t1)))
      (local.set $d
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $e) (i32.const 2)) (i32x4.shl (local.get $e) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $e) (i32.const 13)) (i32x4.shl (local.get $e) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $e) (i32.const 22)) (i32x4.shl (local.get $e) (i32.const 10))))
            (v128.bitselect (local.get $g) (local.get $e) (v128.xor (local.get $e) (local.get $f))))))
      ;; round r + 5: a..h = d..c
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $c) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $h) (i32.const 6)) (i32x4.shl (local.get $h) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $h) (i32.const 11)) (i32x4.shl (local.get $h) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $h) (i32.const 25)) (i32x4.shl (local.get $h) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $a) (local.get $b) (local.get $h))
            (i32x4.add (v128.load32_splat offset=20 (local.get $r)) (v128.load offset=592 (local.get $w))))))
      (local.set $g (i32x4.add (local.get $g) (local.get $t1)))
      (local.set $c
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $d) (i32.const 2)) (i32x4.shl (local.get $d) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $d) (i32.const 13)) (i32x4.shl (local.get $d) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $d) (i32.const 22)) (i32x4.shl (local.get $d) (i32.const 10))))
            (v128.bitselect (local.get $f) (local.get $d) (v128.xor (local.get $d) (local.get $e))))))
      ;; round r + 6: a..h = c..b
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $b) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $g) (i32.const 6)) (i32x4.shl (local.get $g) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $g) (i32.const 11)) (i32x4.shl (local.get $g) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $g) (i32.const 25)) (i32x4.shl (local.get $g) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $h) (local.get $a) (local.get $g))
            (i32x4.add (v128.load32_splat offset=24 (local.get $r)) (v128.load offset=608 (local.get $w))))))
      (local.set $f (i32x4.add (local.get $f) (local.get $t1)))
      (local.set $b
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $c) (i32.const 2)) (i32x4.shl (local.get $c) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $c) (i32.const 13)) (i32x4.shl (local.get $c) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $c) (i32.const 22)) (i32x4.shl (local.get $c) (i32.const 10))))
            (v128.bitselect (local.get $e) (local.get $c) (v128.xor (local.get $c) (local.get $d))))))
      ;; round r + 7: a..h = b..a
      (local.set $t1
        (i32x4.add
          (i32x4.add (local.get $a) (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $f) (i32.const 6)) (i32x4.shl (local.get $f) (i32.const 26))) (v128.or (i32x4.shr_u (local.get $f) (i32.const 11)) (i32x4.shl (local.get $f) (i32.const 21)))) (v128.or (i32x4.shr_u (local.get $f) (i32.const 25)) (i32x4.shl (local.get $f) (i32.const 7)))))
          (i32x4.add
            (v128.bitselect (local.get $g) (local.get $h) (local.get $f))
            (i32x4.add (v128.load32_splat offset=28 (local.get $r)) (v128.load offset=624 (local.get $w))))))
      (local.set $e (i32x4.add (local.get $e) (local.get $t1)))
      (local.set $a
        (i32x4.add (local.get $t1)
          (i32x4.add (v128.xor (v128.xor (v128.or (i32x4.shr_u (local.get $b) (i32.const 2)) (i32x4.shl (local.get $b) (i32.const 30))) (v128.or (i32x4.shr_u (local.get $b) (i32.const 13)) (i32x4.shl (local.get $b) (i32.const 19)))) (v128.or (i32x4.shr_u (local.get $b) (i32.const 22)) (i32x4.shl (local.get $b) (i32.const 10))))
            (v128.bitselect (local.get $d) (local.get $b) (v128.xor (local.get $b) (local.get $c))))))
      (local.set $w (i32.add (local.get $w) (i32.const 128)))
      (br_if $round (i32.lt_u (local.tee $r (i32.add (local.get $r) (i32.const 32))) (i32.const 256))))
    (v128.store offset=1536 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $a) (local.tee $x (v128.load offset=1536 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1552 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $b) (local.tee $x (v128.load offset=1552 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1568 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $c) (local.tee $x (v128.load offset=1568 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1584 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $d) (local.tee $x (v128.load offset=1584 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1600 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $e) (local.tee $x (v128.load offset=1600 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1616 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $f) (local.tee $x (v128.load offset=1616 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1632 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $g) (local.tee $x (v128.load offset=1632 (i32.const 0)))) (local.get $x) (local.get $mask)))
    (v128.store offset=1648 (i32.const 0)
      (v128.bitselect (i32x4.add (local.get $h) (local.tee $x (v128.load offset=1648 (i32.const 0)))) (local.get $x) (local.get $mask))))

  ;; The state's digests, 8 words each, at out + 32 l for the lanes l < $n.
  (func $store (param $out i32) (param $n i32)
    (call $gather (i32.const 1536) (i32.const 1552) (i32.const 1568) (i32.const 1584) (i32.const 1664) (i32.const 0))
    (call $gather (i32.const 1600) (i32.const 1616) (i32.const 1632) (i32.const 1648) (i32.const 1728) (i32.const 0))
    (v128.store offset=0 (local.get $out) (v128.load (i32.const 1664)))
    (v128.store offset=16 (local.get $out) (v128.load (i32.const 1728)))
    (if (i32.gt_s (local.get $n) (i32.const 1)) (then
      (v128.store offset=32 (local.get $out) (v128.load (i32.const 1680)))
      (v128.store offset=48 (local.get $out) (v128.load (i32.const 1744)))))
    (if (i32.gt_s (local.get $n) (i32.const 2)) (then
      (v128.store offset=64 (local.get $out) (v128.load (i32.const 1696)))
      (v128.store offset=80 (local.get $out) (v128.load (i32.const 1760)))))
    (if (i32.gt_s (local.get $n) (i32.const 3)) (then
      (v128.store offset=96 (local.get $out) (v128.load (i32.const 1712)))
      (v128.store offset=112 (local.get $out) (v128.load (i32.const 1776))))))

  ;; SHA-256 of $count padded messages: message i at in + i * slot, nblk[i] (i32) blocks of it,
  ;; from the state at $iv (8 words: H(0), or the state after a prefix), digest i at out + 32 i.
  ;; nblk holds a multiple of 4 entries (0 for the missing lanes of the last group); lanes with
  ;; fewer blocks than the group's longest keep their state while the others go on.
  (func (export "hash_blocks") (param $in i32) (param $slot i32) (param $count i32) (param $nblk i32) (param $iv i32) (param $out i32)
    (local $i i32) (local $p i32) (local $q i32) (local $nb v128) (local $max i32) (local $b i32)
    (block $done
      (loop $group
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $p (i32.add (local.get $in) (i32.mul (local.get $i) (local.get $slot))))
        (local.set $nb (v128.load (i32.add (local.get $nblk) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $nb (i32x4.max_s (local.get $nb) (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 (local.get $nb) (local.get $nb))))
        (local.set $max (i32x4.extract_lane 0 (i32x4.max_s (local.get $nb) (i8x16.shuffle 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 (local.get $nb) (local.get $nb)))))
        (local.set $nb (v128.load (i32.add (local.get $nblk) (i32.shl (local.get $i) (i32.const 2)))))
      (v128.store offset=1536 (i32.const 0) (v128.load32_splat offset=0 (local.get $iv)))
      (v128.store offset=1552 (i32.const 0) (v128.load32_splat offset=4 (local.get $iv)))
      (v128.store offset=1568 (i32.const 0) (v128.load32_splat offset=8 (local.get $iv)))
      (v128.store offset=1584 (i32.const 0) (v128.load32_splat offset=12 (local.get $iv)))
      (v128.store offset=1600 (i32.const 0) (v128.load32_splat offset=16 (local.get $iv)))
      (v128.store offset=1616 (i32.const 0) (v128.load32_splat offset=20 (local.get $iv)))
      (v128.store offset=1632 (i32.const 0) (v128.load32_splat offset=24 (local.get $iv)))
      (v128.store offset=1648 (i32.const 0) (v128.load32_splat offset=28 (local.get $iv)))
        (local.set $b (i32.const 0))
        (block $blocks_done
          (loop $blocks
            (br_if $blocks_done (i32.ge_s (local.get $b) (local.get $max)))
            (local.set $q (i32.add (local.get $p) (i32.shl (local.get $b) (i32.const 6))))
            (call $gather (local.get $q) (i32.add (local.get $q) (local.get $slot)) (i32.add (local.get $q) (i32.shl (local.get $slot) (i32.const 1)))
              (i32.add (local.get $q) (i32.mul (local.get $slot) (i32.const 3))) (i32.const 512) (i32.const 1))
            (local.set $q (i32.add (local.get $q) (i32.const 16)))
            (call $gather (local.get $q) (i32.add (local.get $q) (local.get $slot)) (i32.add (local.get $q) (i32.shl (local.get $slot) (i32.const 1)))
              (i32.add (local.get $q) (i32.mul (local.get $slot) (i32.const 3))) (i32.const 576) (i32.const 1))
            (local.set $q (i32.add (local.get $q) (i32.const 16)))
            (call $gather (local.get $q) (i32.add (local.get $q) (local.get $slot)) (i32.add (local.get $q) (i32.shl (local.get $slot) (i32.const 1)))
              (i32.add (local.get $q) (i32.mul (local.get $slot) (i32.const 3))) (i32.const 640) (i32.const 1))
            (local.set $q (i32.add (local.get $q) (i32.const 16)))
            (call $gather (local.get $q) (i32.add (local.get $q) (local.get $slot)) (i32.add (local.get $q) (i32.shl (local.get $slot) (i32.const 1)))
              (i32.add (local.get $q) (i32.mul (local.get $slot) (i32.const 3))) (i32.const 704) (i32.const 1))
            (call $compress (i32x4.gt_s (local.get $nb) (i32x4.splat (local.get $b))))
            (local.set $b (i32.add (local.get $b) (i32.const 1)))
            (br $blocks)))
        (call $store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 5))) (i32.sub (local.get $count) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $group))))

  ;; The RFC 9162 interior nodes SHA-256(0x01 || left || right) of $count pairs of digests: pair i
  ;; at in + 64 i (left, then right, 8 words each), node i at out + 32 i. out may be in: a level
  ;; of the tree computed in place.
  (func (export "hash_nodes") (param $in i32) (param $count i32) (param $out i32)
    (local $i i32) (local $p i32) (local $k i32) (local $last v128) (local $ones v128)
    (local.set $ones (v128.const i32x4 -1 -1 -1 -1))
    (block $done
      (loop $group
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $p (i32.add (local.get $in) (i32.shl (local.get $i) (i32.const 6))))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 128)) (i32.add (local.get $p) (i32.const 192)) (i32.const 512) (i32.const 0))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 128)) (i32.add (local.get $p) (i32.const 192)) (i32.const 576) (i32.const 0))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 128)) (i32.add (local.get $p) (i32.const 192)) (i32.const 640) (i32.const 0))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 128)) (i32.add (local.get $p) (i32.const 192)) (i32.const 704) (i32.const 0))
        ;; W[0, 16) holds the 16 words c of left || right; the block is 0x01 || c[0, 63 bytes).
        (local.set $last (v128.load (i32.const 752)))
        (local.set $k (i32.const 752))
        (loop $shift
          (v128.store (local.get $k)
            (v128.or (i32x4.shl (v128.load offset=0 (i32.sub (local.get $k) (i32.const 16))) (i32.const 24)) (i32x4.shr_u (v128.load (local.get $k)) (i32.const 8))))
          (br_if $shift (i32.gt_u (local.tee $k (i32.sub (local.get $k) (i32.const 16))) (i32.const 512))))
        (v128.store (i32.const 512) (v128.or (i32x4.shr_u (v128.load (i32.const 512)) (i32.const 8)) (v128.const i32x4 0x01000000 0x01000000 0x01000000 0x01000000)))
      (v128.store offset=1536 (i32.const 0) (v128.load32_splat offset=0 (i32.const 256)))
      (v128.store offset=1552 (i32.const 0) (v128.load32_splat offset=4 (i32.const 256)))
      (v128.store offset=1568 (i32.const 0) (v128.load32_splat offset=8 (i32.const 256)))
      (v128.store offset=1584 (i32.const 0) (v128.load32_splat offset=12 (i32.const 256)))
      (v128.store offset=1600 (i32.const 0) (v128.load32_splat offset=16 (i32.const 256)))
      (v128.store offset=1616 (i32.const 0) (v128.load32_splat offset=20 (i32.const 256)))
      (v128.store offset=1632 (i32.const 0) (v128.load32_splat offset=24 (i32.const 256)))
      (v128.store offset=1648 (i32.const 0) (v128.load32_splat offset=28 (i32.const 256)))
        (call $compress (local.get $ones))
        ;; The second block: the last byte of right, 0x80, zeros, the length 65 * 8 = 520 bits.
        (v128.store (i32.const 512) (v128.or (i32x4.shl (local.get $last) (i32.const 24)) (v128.const i32x4 0x00800000 0x00800000 0x00800000 0x00800000)))
        (memory.fill (i32.const 528) (i32.const 0) (i32.const 224))
        (v128.store (i32.const 752) (v128.const i32x4 520 520 520 520))
        (call $compress (local.get $ones))
        (call $store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 5))) (i32.sub (local.get $count) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $group))))

  ;; SHA-256 of $count 32-byte messages given as digests (8 words at in + 32 i) after a prefix of
  ;; whole blocks already in the state at $iv, the whole length being $bits: HMAC's outer hash
  ;; (prefix K ^ opad, 768 bits). Digest i at out + 32 i.
  (func (export "hash_digests") (param $in i32) (param $count i32) (param $iv i32) (param $bits i32) (param $out i32)
    (local $i i32) (local $p i32)
    (block $done
      (loop $group
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $p (i32.add (local.get $in) (i32.shl (local.get $i) (i32.const 5))))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 32)) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 96)) (i32.const 512) (i32.const 0))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (call $gather (local.get $p) (i32.add (local.get $p) (i32.const 32)) (i32.add (local.get $p) (i32.const 64)) (i32.add (local.get $p) (i32.const 96)) (i32.const 576) (i32.const 0))
        (v128.store (i32.const 640) (v128.const i32x4 0x80000000 0x80000000 0x80000000 0x80000000))
        (memory.fill (i32.const 656) (i32.const 0) (i32.const 96))
        (v128.store (i32.const 752) (i32x4.splat (local.get $bits)))
      (v128.store offset=1536 (i32.const 0) (v128.load32_splat offset=0 (local.get $iv)))
      (v128.store offset=1552 (i32.const 0) (v128.load32_splat offset=4 (local.get $iv)))
      (v128.store offset=1568 (i32.const 0) (v128.load32_splat offset=8 (local.get $iv)))
      (v128.store offset=1584 (i32.const 0) (v128.load32_splat offset=12 (local.get $iv)))
      (v128.store offset=1600 (i32.const 0) (v128.load32_splat offset=16 (local.get $iv)))
      (v128.store offset=1616 (i32.const 0) (v128.load32_splat offset=20 (local.get $iv)))
      (v128.store offset=1632 (i32.const 0) (v128.load32_splat offset=24 (local.get $iv)))
      (v128.store offset=1648 (i32.const 0) (v128.load32_splat offset=28 (local.get $iv)))
        (call $compress (v128.const i32x4 -1 -1 -1 -1))
        (call $store (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 5))) (i32.sub (local.get $count) (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $group)))))
