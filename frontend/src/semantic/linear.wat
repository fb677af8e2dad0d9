;; The encoder's one costly step, in WebAssembly SIMD: y = x Wᵀ + b, for
;; `count` tokens of `cols` floats (a multiple of 4) and a weight matrix of
;; `rows` rows, every argument but the sizes a byte offset in the memory the
;; page hands in. Four tokens at a time share each weight row's loads.
;; `npm run build:wasm` (wat2wasm, Debian's wabt) makes linear.wasm from it.
(module
  (import "env" "memory" (memory 1))

  (func $sum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  (func (export "linear")
    (param $x i32) (param $count i32) (param $cols i32) (param $w i32) (param $rows i32) (param $b i32) (param $y i32)
    (local $t i32) (local $o i32) (local $k i32) (local $stride i32) (local $ystride i32) (local $row i32) (local $out i32)
    (local $x0 i32) (local $x1 i32) (local $x2 i32) (local $x3 i32) (local $bias f32)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $wv v128)
    (local.set $stride (i32.shl (local.get $cols) (i32.const 2)))
    (local.set $ystride (i32.shl (local.get $rows) (i32.const 2)))
    (block $fours
      (loop $four
        (br_if $fours (i32.gt_u (i32.add (local.get $t) (i32.const 4)) (local.get $count)))
        (local.set $x0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $stride))))
        (local.set $x1 (i32.add (local.get $x0) (local.get $stride)))
        (local.set $x2 (i32.add (local.get $x1) (local.get $stride)))
        (local.set $x3 (i32.add (local.get $x2) (local.get $stride)))
        (local.set $o (i32.const 0))
        (loop $outputs
          (local.set $row (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $stride))))
          (local.set $a0 (v128.const i32x4 0 0 0 0))
          (local.set $a1 (v128.const i32x4 0 0 0 0))
          (local.set $a2 (v128.const i32x4 0 0 0 0))
          (local.set $a3 (v128.const i32x4 0 0 0 0))
          (local.set $k (i32.const 0))
          (loop $inner
            (local.set $wv (v128.load (i32.add (local.get $row) (local.get $k))))
            (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (v128.load (i32.add (local.get $x0) (local.get $k))) (local.get $wv))))
            (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (v128.load (i32.add (local.get $x1) (local.get $k))) (local.get $wv))))
            (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (v128.load (i32.add (local.get $x2) (local.get $k))) (local.get $wv))))
            (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (v128.load (i32.add (local.get $x3) (local.get $k))) (local.get $wv))))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br_if $inner (i32.lt_u (local.get $k) (local.get $stride))))
          (local.set $bias (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2)))))
          (local.set $out (i32.add (local.get $y)
            (i32.shl (i32.add (i32.mul (local.get $t) (local.get $rows)) (local.get $o)) (i32.const 2))))
          (f32.store (local.get $out) (f32.add (call $sum (local.get $a0)) (local.get $bias)))
          (local.set $out (i32.add (local.get $out) (local.get $ystride)))
          (f32.store (local.get $out) (f32.add (call $sum (local.get $a1)) (local.get $bias)))
          (local.set $out (i32.add (local.get $out) (local.get $ystride)))
          (f32.store (local.get $out) (f32.add (call $sum (local.get $a2)) (local.get $bias)))
          (local.set $out (i32.add (local.get $out) (local.get $ystride)))
          (f32.store (local.get $out) (f32.add (call $sum (local.get $a3)) (local.get $bias)))
          (local.set $o (i32.add (local.get $o) (i32.const 1)))
          (br_if $outputs (i32.lt_u (local.get $o) (local.get $rows))))
        (local.set $t (i32.add (local.get $t) (i32.const 4)))
        (br $four)))
    ;; The last tokens, fewer than four, one at a time.
    (block $ones
      (loop $one
        (br_if $ones (i32.ge_u (local.get $t) (local.get $count)))
        (local.set $x0 (i32.add (local.get $x) (i32.mul (local.get $t) (local.get $stride))))
        (local.set $o (i32.const 0))
        (loop $outputs1
          (local.set $row (i32.add (local.get $w) (i32.mul (local.get $o) (local.get $stride))))
          (local.set $a0 (v128.const i32x4 0 0 0 0))
          (local.set $k (i32.const 0))
          (loop $inner1
            (local.set $a0 (f32x4.add (local.get $a0)
              (f32x4.mul (v128.load (i32.add (local.get $x0) (local.get $k))) (v128.load (i32.add (local.get $row) (local.get $k))))))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br_if $inner1 (i32.lt_u (local.get $k) (local.get $stride))))
          (f32.store
            (i32.add (local.get $y) (i32.shl (i32.add (i32.mul (local.get $t) (local.get $rows)) (local.get $o)) (i32.const 2)))
            (f32.add (call $sum (local.get $a0)) (f32.load (i32.add (local.get $b) (i32.shl (local.get $o) (i32.const 2))))))
          (local.set $o (i32.add (local.get $o) (i32.const 1)))
          (br_if $outputs1 (i32.lt_u (local.get $o) (local.get $rows))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $one))))
)
