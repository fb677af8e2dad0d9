;; The encoder's costly steps, in WebAssembly SIMD, over the memory the page
;; hands in: every pointer argument is a byte offset in it, every stride a
;; count of floats. `npm run build:wasm` (wat2wasm, Debian's wabt) makes
;; kernel.wasm from it.
(module
  (import "env" "memory" (memory 1))

  (func $sum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; y = x Wᵀ + b, for `count` rows of x of `cols` floats (a multiple of 4)
  ;; and a W of `rows` rows. Four rows of x and two of W at a time: eight
  ;; sums in flight hide the adds' latency, and each load serves two or four
  ;; products.
  (func (export "linear")
    (param $x i32) (param $xs i32) (param $count i32) (param $cols i32)
    (param $w i32) (param $ws i32) (param $rows i32) (param $b i32) (param $y i32) (param $ys i32)
    (local $t i32) (local $o i32) (local $k i32) (local $end i32) (local $out i32) (local $bias f32) (local $bias1 f32)
    (local $x0 i32) (local $x1 i32) (local $x2 i32) (local $x3 i32) (local $w0 i32) (local $w1 i32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $c0 v128) (local $c1 v128) (local $c2 v128) (local $c3 v128)
    (local $v0 v128) (local $v1 v128) (local $xv v128)
    (local.set $xs (i32.shl (local.get $xs) (i32.const 2)))
    (local.set $ws (i32.shl (local.get $ws) (i32.const 2)))
    (local.set $ys (i32.shl (local.get $ys) (i32.const 2)))
    (local.set $end (i32.shl (local.get $cols) (i32.const 2)))
    (block $fours
      (loop $four
        (br_if $fours (i32.gt_u (i32.add (local.get $t) (i32.const 4)) (local.get $count)))
        (local.set $x0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $xs))))
        (local.set $x1 (i32.add (local.get $x0) (local.get $xs)))
        (local.set $x2 (i32.add (local.get $x1) (local.get $xs)))
        (local.set $x3 (i32.add (local.get $x2) (local.get $xs)))
        (local.set $o (i32.const 0))
        (block $pairs
          (loop $pair
            (br_if $pairs (i32.gt_u (i32.add (local.get $o) (i32.const 2)) (local.get $rows)))
            (local.set $w0 (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $ws))))
            (local.set $w1 (i32.add (local.get $w0) (local.get $ws)))
            (local.set $a0 (v128.const i32x4 0 0 0 0))
            (local.set $a1 (v128.const i32x4 0 0 0 0))
            (local.set $a2 (v128.const i32x4 0 0 0 0))
            (local.set $a3 (v128.const i32x4 0 0 0 0))
            (local.set $c0 (v128.const i32x4 0 0 0 0))
            (local.set $c1 (v128.const i32x4 0 0 0 0))
            (local.set $c2 (v128.const i32x4 0 0 0 0))
            (local.set $c3 (v128.const i32x4 0 0 0 0))
            (local.set $k (i32.const 0))
            (loop $inner
              (local.set $v0 (v128.load (i32.add (local.get $w0) (local.get $k))))
              (local.set $v1 (v128.load (i32.add (local.get $w1) (local.get $k))))
              (local.set $xv (v128.load (i32.add (local.get $x0) (local.get $k))))
              (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $xv) (local.get $v0))))
              (local.set $c0 (f32x4.add (local.get $c0) (f32x4.mul (local.get $xv) (local.get $v1))))
              (local.set $xv (v128.load (i32.add (local.get $x1) (local.get $k))))
              (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $xv) (local.get $v0))))
              (local.set $c1 (f32x4.add (local.get $c1) (f32x4.mul (local.get $xv) (local.get $v1))))
              (local.set $xv (v128.load (i32.add (local.get $x2) (local.get $k))))
              (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $xv) (local.get $v0))))
              (local.set $c2 (f32x4.add (local.get $c2) (f32x4.mul (local.get $xv) (local.get $v1))))
              (local.set $xv (v128.load (i32.add (local.get $x3) (local.get $k))))
              (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $xv) (local.get $v0))))
              (local.set $c3 (f32x4.add (local.get $c3) (f32x4.mul (local.get $xv) (local.get $v1))))
              (local.set $k (i32.add (local.get $k) (i32.const 16)))
              (br_if $inner (i32.lt_u (local.get $k) (local.get $end))))
            (local.set $bias (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2)))))
            (local.set $bias1 (f32.load offset=4 (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2)))))
            (local.set $out (i32.add (i32.add (local.get $y) (i32.mul (local.get $t) (local.get $ys))) (i32.shl (local.get $o) (i32.const 2))))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a0)) (local.get $bias)))
            (f32.store offset=4 (local.get $out) (f32.add (call $sum (local.get $c0)) (local.get $bias1)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a1)) (local.get $bias)))
            (f32.store offset=4 (local.get $out) (f32.add (call $sum (local.get $c1)) (local.get $bias1)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a2)) (local.get $bias)))
            (f32.store offset=4 (local.get $out) (f32.add (call $sum (local.get $c2)) (local.get $bias1)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a3)) (local.get $bias)))
            (f32.store offset=4 (local.get $out) (f32.add (call $sum (local.get $c3)) (local.get $bias1)))
            (local.set $o (i32.add (local.get $o) (i32.const 2)))
            (br $pair)))
        ;; An odd last row of W, for these four rows of x.
        (if (i32.lt_u (local.get $o) (local.get $rows))
          (then
            (local.set $w0 (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $ws))))
            (local.set $a0 (v128.const i32x4 0 0 0 0))
            (local.set $a1 (v128.const i32x4 0 0 0 0))
            (local.set $a2 (v128.const i32x4 0 0 0 0))
            (local.set $a3 (v128.const i32x4 0 0 0 0))
            (local.set $k (i32.const 0))
            (loop $inner4
              (local.set $v0 (v128.load (i32.add (local.get $w0) (local.get $k))))
              (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (v128.load (i32.add (local.get $x0) (local.get $k))) (local.get $v0))))
              (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (v128.load (i32.add (local.get $x1) (local.get $k))) (local.get $v0))))
              (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (v128.load (i32.add (local.get $x2) (local.get $k))) (local.get $v0))))
              (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (v128.load (i32.add (local.get $x3) (local.get $k))) (local.get $v0))))
              (local.set $k (i32.add (local.get $k) (i32.const 16)))
              (br_if $inner4 (i32.lt_u (local.get $k) (local.get $end))))
            (local.set $bias (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2)))))
            (local.set $out (i32.add (i32.add (local.get $y) (i32.mul (local.get $t) (local.get $ys))) (i32.shl (local.get $o) (i32.const 2))))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a0)) (local.get $bias)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a1)) (local.get $bias)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a2)) (local.get $bias)))
            (local.set $out (i32.add (local.get $out) (local.get $ys)))
            (f32.store (local.get $out) (f32.add (call $sum (local.get $a3)) (local.get $bias)))))
        (local.set $t (i32.add (local.get $t) (i32.const 4)))
        (br $four)))
    ;; The last rows of x, fewer than four, one at a time.
    (block $ones
      (loop $one
        (br_if $ones (i32.ge_u (local.get $t) (local.get $count)))
        (local.set $x0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $xs))))
        (local.set $o (i32.const 0))
        (loop $outputs1
          (local.set $w0 (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $ws))))
          (local.set $a0 (v128.const i32x4 0 0 0 0))
          (local.set $k (i32.const 0))
          (loop $inner1
            (local.set $a0 (f32x4.add (local.get $a0)
              (f32x4.mul (v128.load (i32.add (local.get $x0) (local.get $k))) (v128.load (i32.add (local.get $w0) (local.get $k))))))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br_if $inner1 (i32.lt_u (local.get $k) (local.get $end))))
          (f32.store
            (i32.add (i32.add (local.get $y) (i32.mul (local.get $t) (local.get $ys))) (i32.shl (local.get $o) (i32.const 2)))
            (f32.add (call $sum (local.get $a0)) (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2))))))
          (local.set $o (i32.add (local.get $o) (i32.const 1)))
          (br_if $outputs1 (i32.lt_u (local.get $o) (local.get $rows))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $one))))

  ;; e^x in float32, Cephes' expf: x = n ln 2 + r, |r| <= ln 2 / 2, a
  ;; polynomial in r, times 2^n. Adding 1.5 * 2^23 rounds x log2 e to the
  ;; integer n, left in the float's low bits, whence 2^n's exponent bits come.
  ;; Clamped where 2^n stays a normal float: e^-87.3 is 1e-38, nothing beside 1.
  (func $exp (param $x v128) (result v128)
    (local $t v128) (local $n v128) (local $r v128)
    (local.set $x (f32x4.pmin (f32x4.pmax (local.get $x) (f32x4.splat (f32.const -87.3))) (f32x4.splat (f32.const 88.3))))
    (local.set $t (f32x4.add (f32x4.mul (local.get $x) (f32x4.splat (f32.const 1.44269504088896341))) (f32x4.splat (f32.const 12582912))))
    (local.set $n (f32x4.sub (local.get $t) (f32x4.splat (f32.const 12582912))))
    (local.set $r (f32x4.sub (f32x4.sub (local.get $x)
      (f32x4.mul (local.get $n) (f32x4.splat (f32.const 0.693359375))))
      (f32x4.mul (local.get $n) (f32x4.splat (f32.const -2.12194440e-4)))))
    (f32x4.mul
      (f32x4.add
        (f32x4.add
          (f32x4.mul
            (f32x4.add (f32x4.mul (f32x4.add (f32x4.mul (f32x4.add (f32x4.mul (f32x4.add (f32x4.mul (f32x4.add (f32x4.mul
              (f32x4.splat (f32.const 1.9875691500e-4)) (local.get $r))
              (f32x4.splat (f32.const 1.3981999507e-3))) (local.get $r))
              (f32x4.splat (f32.const 8.3334519073e-3))) (local.get $r))
              (f32x4.splat (f32.const 4.1665795894e-2))) (local.get $r))
              (f32x4.splat (f32.const 1.6666665459e-1))) (local.get $r))
              (f32x4.splat (f32.const 5.0000001201e-1)))
            (f32x4.mul (local.get $r) (local.get $r)))
          (local.get $r))
        (f32x4.splat (f32.const 1)))
      (i32x4.shl (i32x4.add (local.get $t) (i32x4.splat (i32.const 127))) (i32.const 23))))

  ;; Each of `rows` rows of `cols` scores, `stride` apart, in place: the
  ;; softmax of the scores times `scale`, then zeros up to the next multiple
  ;; of 4 columns, so that the rows can be `linear`'s x.
  (func (export "softmax") (param $p i32) (param $rows i32) (param $cols i32) (param $stride i32) (param $scale f32)
    (local $row i32) (local $i i32) (local $end i32) (local $max f32) (local $e v128) (local $total v128) (local $sum f32)
    (local.set $stride (i32.shl (local.get $stride) (i32.const 2)))
    (local.set $end (i32.shl (local.get $cols) (i32.const 2)))
    (block $done
      (loop $rows
        (br_if $done (i32.eqz (local.get $rows)))
        (local.set $row (local.get $p))
        (local.set $max (f32.load (local.get $row)))
        (local.set $i (i32.const 4))
        (block $m (loop $maxes
          (br_if $m (i32.ge_u (local.get $i) (local.get $end)))
          (local.set $max (f32.max (local.get $max) (f32.load (i32.add (local.get $row) (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (br $maxes)))
        (local.set $total (v128.const i32x4 0 0 0 0))
        (local.set $sum (f32.const 0))
        (local.set $i (i32.const 0))
        (block $x (loop $exps
          (br_if $x (i32.ge_u (local.get $i) (local.get $end)))
          (local.set $e (call $exp (f32x4.mul
            (f32x4.sub (v128.load (i32.add (local.get $row) (local.get $i))) (f32x4.splat (local.get $max)))
            (f32x4.splat (local.get $scale)))))
          ;; The lanes past the last column, in the last four, count as zero.
          (if (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end))
            (then (local.set $e (v128.and (local.get $e)
              (i32x4.lt_s (v128.const i32x4 0 4 8 12) (i32x4.splat (i32.sub (local.get $end) (local.get $i))))))))
          (v128.store (i32.add (local.get $row) (local.get $i)) (local.get $e))
          (local.set $total (f32x4.add (local.get $total) (local.get $e)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $exps)))
        (local.set $total (f32x4.splat (call $sum (local.get $total))))
        (local.set $i (i32.const 0))
        (block $d (loop $divide
          (br_if $d (i32.ge_u (local.get $i) (local.get $end)))
          (v128.store (i32.add (local.get $row) (local.get $i))
            (f32x4.div (v128.load (i32.add (local.get $row) (local.get $i))) (local.get $total)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $divide)))
        (local.set $p (i32.add (local.get $p) (local.get $stride)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $rows))))

  ;; y = a + b, each row of `dims` floats (a multiple of 4) centred, divided
  ;; by its standard deviation, times weight plus bias, for `count` rows: the
  ;; residual sum and LayerNorm after each block. a keeps the sums; y may be b.
  (func (export "norm")
    (param $a i32) (param $b i32) (param $count i32) (param $dims i32) (param $weight i32) (param $bias i32) (param $y i32)
    (local $end i32) (local $i i32) (local $v v128) (local $total v128) (local $mean v128) (local $sd v128) (local $n v128)
    (local.set $end (i32.shl (local.get $dims) (i32.const 2)))
    (local.set $n (f32x4.splat (f32.convert_i32_u (local.get $dims))))
    (block $done
      (loop $rows
        (br_if $done (i32.eqz (local.get $count)))
        (local.set $total (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (loop $sums
          (local.set $v (f32x4.add (v128.load (i32.add (local.get $a) (local.get $i))) (v128.load (i32.add (local.get $b) (local.get $i)))))
          (v128.store (i32.add (local.get $a) (local.get $i)) (local.get $v))
          (local.set $total (f32x4.add (local.get $total) (local.get $v)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $sums (i32.lt_u (local.get $i) (local.get $end))))
        (local.set $mean (f32x4.div (f32x4.splat (call $sum (local.get $total))) (local.get $n)))
        (local.set $total (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (loop $squares
          (local.set $v (f32x4.sub (v128.load (i32.add (local.get $a) (local.get $i))) (local.get $mean)))
          (local.set $total (f32x4.add (local.get $total) (f32x4.mul (local.get $v) (local.get $v))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $squares (i32.lt_u (local.get $i) (local.get $end))))
        (local.set $sd (f32x4.sqrt (f32x4.add (f32x4.div (f32x4.splat (call $sum (local.get $total))) (local.get $n))
          (f32x4.splat (f32.const 1e-12)))))
        (local.set $i (i32.const 0))
        (loop $scaled
          (v128.store (i32.add (local.get $y) (local.get $i))
            (f32x4.add
              (f32x4.mul
                (f32x4.div (f32x4.sub (v128.load (i32.add (local.get $a) (local.get $i))) (local.get $mean)) (local.get $sd))
                (v128.load (i32.add (local.get $weight) (local.get $i))))
              (v128.load (i32.add (local.get $bias) (local.get $i)))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $scaled (i32.lt_u (local.get $i) (local.get $end))))
        (local.set $a (i32.add (local.get $a) (local.get $end)))
        (local.set $b (i32.add (local.get $b) (local.get $end)))
        (local.set $y (i32.add (local.get $y) (local.get $end)))
        (local.set $count (i32.sub (local.get $count) (i32.const 1)))
        (br $rows))))

  ;; BERT's exact GELU in place over n floats (a multiple of 4):
  ;; x (1 + erf(x / √2)) / 2, erf to 1.2e-7 from Numerical Recipes' erfc by
  ;; Chebyshev fit.
  (func (export "gelu") (param $p i32) (param $n i32)
    (local $end i32) (local $v v128) (local $z v128) (local $t v128) (local $r v128)
    (local.set $end (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $z (f32x4.abs (f32x4.mul (local.get $v) (f32x4.splat (f32.const 0.70710678118654752)))))
        (local.set $t (f32x4.div (f32x4.splat (f32.const 1))
          (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.splat (f32.const 0.5)) (local.get $z)))))
        ;; erfc(z) = t e^(-z² - 1.26551223 + t (1.00002368 + t (…)))
        (local.set $r (f32x4.mul (local.get $t) (call $exp
          (f32x4.add (f32x4.sub (f32x4.neg (f32x4.mul (local.get $z) (local.get $z))) (f32x4.splat (f32.const 1.26551223)))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const 1.00002368))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const 0.37409196))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const 0.09678418))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const -0.18628806))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const 0.27886807))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const -1.13520398))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const 1.48851587))
            (f32x4.mul (local.get $t) (f32x4.add (f32x4.splat (f32.const -0.82215223))
            (f32x4.mul (local.get $t) (f32x4.splat (f32.const 0.17087277)))))))))))))))))))))))
        ;; 1 + erf(x) is 2 - erfc(|x|) for x >= 0, erfc(|x|) below.
        (v128.store (local.get $p) (f32x4.mul (f32x4.mul (local.get $v)
          (v128.bitselect
            (f32x4.sub (f32x4.splat (f32.const 2)) (local.get $r))
            (local.get $r)
            (f32x4.ge (local.get $v) (f32x4.splat (f32.const 0)))))
          (f32x4.splat (f32.const 0.5))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $each))))
)
