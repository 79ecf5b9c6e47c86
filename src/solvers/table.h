// FlatTable and Memo: the exhaustive solvers' memory of positions.
//
// FlatTable<Key, Value> is an open-addressing hash table with linear probing
// over fixed-size keys (std::uint64_t or Key128): one array of slots
// {key, value}, a power of two long and at most 3/4 full, so that a probe
// reads a few neighbouring slots (at 3/4, expected 2.5 for a key present,
// 8.5 for one absent: one or two cache lines) and a find-or-insert is one
// probe sequence. (Half full was measured slower on large tables: twice the
// memory for the same entries, so fewer of them in the caches.) A key's home
// slot is the key folded to 64 bits, times 2^64 / phi (Fibonacci hashing),
// top bits.
//
//   slots  | k3 v3 | 0 | k1 v1 | k7 v7 | k2 v2 | 0 | ...
//            home(k1) = home(k7): k7 went on to the next free slot
//
// The all-zero key marks a free slot, so a real all-zero key is kept in one
// side slot (index kZeroSlot). A slot's index stays valid until the table
// grows: generation() counts the growths, so a solver that holds an index
// across the recursion below a position finds the key again only after a
// growth (O(log n) times in a whole search).
//
// Memo<G, Value> is what a solver stores per position of game G: a FlatTable
// keyed by g.key(p) when the game packs its positions (core/game.h), and, for
// positions that do not pack (every position, for a game without g.key), a
// second FlatTable keyed by the position's 64-bit hash whose slots point into
// an arena of whole positions; equal hashes are told apart by comparing the
// positions, so a hash collision costs time, never a wrong answer.
#pragma once

#include <sys/mman.h>

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/game.h"

namespace perfectplay {

namespace detail {

inline std::uint64_t fold_key(std::uint64_t k) {
  return k ^ (k >> 32);
}
inline std::uint64_t fold_key(const Key128& k) {
  return fold_key(k.lo ^ (k.hi * 0xc2b2ae3d27d4eb4fULL));
}
inline bool is_zero_key(std::uint64_t k) {
  return k == 0;
}
inline bool is_zero_key(const Key128& k) {
  return (k.lo | k.hi) == 0;
}

// Freed slot arrays under 4 MB, kept per thread (16 MB in all at most) and
// handed out again for an array of the same size, zeroed by memset. On these
// virtual machines a page fault costs microseconds: a search that builds many
// small tables one after another (the engine's analyses, the bench) spent a
// third of its time faulting fresh pages in before this cache.
class BlockCache {
 public:
  static constexpr std::size_t kMaxBlock = std::size_t{4} << 20;
  static constexpr std::size_t kMaxTotal = std::size_t{16} << 20;

  // The calling thread's cache; nullptr once it is destroyed (a table that
  // a static object frees at exit, after the thread's destructors ran, frees
  // its array directly).
  static BlockCache* of_this_thread() {
    thread_local BlockCache cache;
    return gone() ? nullptr : &cache;
  }
  BlockCache() = default;
  BlockCache(const BlockCache&) = delete;
  BlockCache& operator=(const BlockCache&) = delete;
  ~BlockCache() {
    for (const Block& b : blocks_) std::free(b.data);
    blocks_.clear();
    gone() = true;  // a trivially destructible flag: readable until the thread ends
  }

  // A kept block of exactly `bytes` (its content stale), or nullptr.
  void* take(std::size_t bytes) {
    for (std::size_t i = blocks_.size(); i-- > 0;) {
      if (blocks_[i].bytes != bytes) continue;
      void* data = blocks_[i].data;
      total_ -= bytes;
      blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(i));
      return data;
    }
    return nullptr;
  }
  // Keeps a block from calloc or take(), dropping the oldest kept ones to
  // stay within kMaxTotal; a block too large is freed.
  void keep(void* data, std::size_t bytes) {
    if (bytes > kMaxBlock) {
      std::free(data);
      return;
    }
    while (total_ + bytes > kMaxTotal) {
      std::free(blocks_.front().data);
      total_ -= blocks_.front().bytes;
      blocks_.erase(blocks_.begin());
    }
    blocks_.push_back({data, bytes});
    total_ += bytes;
  }

 private:
  struct Block {
    void* data;
    std::size_t bytes;
  };
  static bool& gone() {
    thread_local bool g = false;
    return g;
  }
  std::vector<Block> blocks_;
  std::size_t total_ = 0;
};

// Zeroed memory for a slot array. Arrays of 4 MB and more are mapped
// directly (the kernel hands out zeroed pages) and advised onto transparent
// huge pages: a large table is read at random, where 4 KB pages cost a TLB
// miss on nearly every probe. Smaller ones come from the thread's BlockCache
// or calloc, and go back to the cache.
class ZeroedBlock {
 public:
  ZeroedBlock() = default;
  explicit ZeroedBlock(std::size_t bytes) : bytes_(bytes) {
    if (bytes_ >= kMapAt) {
      void* p = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      ::madvise(p, bytes_, MADV_HUGEPAGE);
      data_ = p;
    } else if (BlockCache* cache = BlockCache::of_this_thread();
               cache != nullptr && (data_ = cache->take(bytes_)) != nullptr) {
      std::memset(data_, 0, bytes_);
    } else {
      data_ = std::calloc(bytes_, 1);
      if (data_ == nullptr) throw std::bad_alloc();
    }
  }
  ZeroedBlock(ZeroedBlock&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  ZeroedBlock& operator=(ZeroedBlock&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  ~ZeroedBlock() { release(); }
  void* data() const { return data_; }

 private:
  static constexpr std::size_t kMapAt = BlockCache::kMaxBlock;
  void release() noexcept {
    if (data_ == nullptr) return;
    if (bytes_ >= kMapAt) {
      ::munmap(data_, bytes_);
    } else {
      BlockCache* cache = BlockCache::of_this_thread();
      try {
        if (cache != nullptr) {
          cache->keep(data_, bytes_);
        } else {
          std::free(data_);
        }
      } catch (...) {  // no room to note it: free it
        std::free(data_);
      }
    }
    data_ = nullptr;
  }
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

struct AnyValue {
  template <class V>
  constexpr bool operator()(const V&) const {
    return true;
  }
};

}  // namespace detail

template <class Key, class Value>
class FlatTable {
 public:
  struct Slot {
    Key key;
    Value value;
  };
  static_assert(std::is_trivially_copyable_v<Slot>, "slots are moved as bytes and start zeroed");
  static constexpr std::size_t kZeroSlot = ~std::size_t{0} - 1;
  static constexpr std::size_t kAbsent = ~std::size_t{0};

  FlatTable() = default;

  // The slot of `key`, inserting {key, init} when no slot with an equal key
  // has a value that `same` accepts (`inserted` says which). `same` tells
  // apart equal keys that stand for different entries (Memo's hashes); with
  // exact keys it is AnyValue. Entries with a zero key are exact: at most one.
  template <class Same = detail::AnyValue>
  [[gnu::always_inline]] std::size_t find_or_insert(const Key& key, const Value& init,
                                                    bool& inserted, Same same = {}) {
    if (detail::is_zero_key(key)) {
      inserted = !has_zero_;
      if (inserted) {
        has_zero_ = true;
        zero_ = init;
      }
      return kZeroSlot;
    }
    if (4 * (size_ + 1) > 3 * capacity_) grow();
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      Slot& s = slots()[i];
      if (detail::is_zero_key(s.key)) {
        s.key = key;
        s.value = init;
        ++size_;
        inserted = true;
        return i;
      }
      if (s.key == key && same(s.value)) {
        inserted = false;
        return i;
      }
    }
  }

  // The slot of `key` whose value `same` accepts, or kAbsent.
  template <class Same = detail::AnyValue>
  std::size_t find(const Key& key, Same same = {}) const {
    if (detail::is_zero_key(key)) return has_zero_ ? kZeroSlot : kAbsent;
    if (capacity_ == 0) return kAbsent;
    for (std::size_t i = home(key);; i = (i + 1) & mask_) {
      const Slot& s = slots()[i];
      if (detail::is_zero_key(s.key)) return kAbsent;
      if (s.key == key && same(s.value)) return i;
    }
  }

  // Starts loading the home slot of `key` into the cache (a hint: a later
  // find_or_insert of it then finds the line there or on its way).
  // No branch on an empty table: a prefetch of any address is harmless, and
  // GCC 12 drops a __builtin_prefetch under a condition here.
  void prefetch(const Key& key) const {
    __builtin_prefetch(reinterpret_cast<const void*>(
        reinterpret_cast<std::uintptr_t>(block_.data()) + home(key) * sizeof(Slot)));
  }

  // Precondition: i is a slot returned since the last growth.
  Value& value(std::size_t i) { return i == kZeroSlot ? zero_ : slots()[i].value; }
  const Value& value(std::size_t i) const { return i == kZeroSlot ? zero_ : slots()[i].value; }

  std::size_t size() const { return size_ + (has_zero_ ? 1 : 0); }
  std::size_t capacity() const { return capacity_; }
  std::uint64_t generation() const { return generation_; }
  std::size_t bytes() const { return capacity_ * sizeof(Slot); }

  void clear() { *this = FlatTable(); }

 private:
  Slot* slots() const { return static_cast<Slot*>(block_.data()); }
  std::size_t home(const Key& key) const {
    return static_cast<std::size_t>((detail::fold_key(key) * 0x9e3779b97f4a7c15ULL) >> shift_);
  }

  // Allocates first, so that a failed allocation leaves the table as it was.
  void grow() {
    const std::size_t old_capacity = capacity_;
    detail::ZeroedBlock old(capacity_ == 0 ? 16 * sizeof(Slot) : 2 * capacity_ * sizeof(Slot));
    std::swap(old, block_);
    capacity_ = capacity_ == 0 ? 16 : 2 * capacity_;
    mask_ = capacity_ - 1;
    shift_ = 64 - std::countr_zero(capacity_);
    ++generation_;
    const Slot* from = static_cast<const Slot*>(old.data());
    for (std::size_t j = 0; j < old_capacity; ++j) {
      if (detail::is_zero_key(from[j].key)) continue;
      std::size_t i = home(from[j].key);
      while (!detail::is_zero_key(slots()[i].key)) i = (i + 1) & mask_;
      slots()[i] = from[j];
    }
  }

  detail::ZeroedBlock block_;
  std::size_t capacity_ = 0;
  std::size_t mask_ = 0;
  int shift_ = 63;        // 64 - log2(capacity); 63 while empty keeps home() defined
  std::size_t size_ = 0;  // slots in use (the side slot apart)
  std::uint64_t generation_ = 0;
  bool has_zero_ = false;
  Value zero_{};
};

namespace detail {

// What g.key(p) returns: Key (uint64_t or Key128), and whether every position
// packs (a plain key) or only some (a std::optional).
template <class G>
struct KeyHook {
  static constexpr bool kPacks = false;
  static constexpr bool kAlways = false;
  using Key = std::uint64_t;  // unused
};

template <class T>
struct OptionalKey {
  using Key = T;
  static constexpr bool kAlways = true;
};
template <class T>
struct OptionalKey<std::optional<T>> {
  using Key = T;
  static constexpr bool kAlways = false;
};

template <class G>
requires requires(const G& g, const typename G::Position& p) {
  g.key(p);
}
struct KeyHook<G> {
  using Result = std::remove_cvref_t<decltype(std::declval<const G&>().key(
      std::declval<const typename G::Position&>()))>;
  using Key = typename OptionalKey<Result>::Key;
  static_assert(std::is_same_v<Key, std::uint64_t> || std::is_same_v<Key, Key128>,
                "g.key(p) returns std::uint64_t or Key128, or a std::optional of one");
  static constexpr bool kPacks = true;
  static constexpr bool kAlways = OptionalKey<Result>::kAlways;
};

}  // namespace detail

template <class G, class Value>
class Memo {
 public:
  using Position = typename G::Position;

  // Where an entry is: which table, its slot, and the table's generation
  // then (see FlatTable).
  struct Handle {
    std::size_t slot;
    std::uint64_t generation;
    bool whole;
  };

  explicit Memo(const G& game) : game_(game) {}

  // Whether the game packs positions (then the solvers probe ahead).
  static constexpr bool kPacks = detail::KeyHook<G>::kPacks;

  // A position's packed key, computed ahead of its lookup so that its slot
  // is prefetched meanwhile (the solvers compute a few children's probes
  // ahead of the child they search, so that several slots load at once). A
  // position that does not pack has packed == false and is looked up by the
  // position itself.
  struct Probe {
    typename detail::KeyHook<G>::Key key;
    bool packed;
  };
  Probe probe(const Position& p) const {
    if constexpr (Hook::kPacks) {
      const auto key = game_.key(p);
      if constexpr (Hook::kAlways) {
        packed_.prefetch(key);
        return {key, true};
      } else if (key) {
        packed_.prefetch(*key);
        return {*key, true};
      }
    }
    return {{}, false};
  }
  // As find_or_insert(p, ...) for the p of a packed probe.
  Handle find_or_insert(const Probe& probe, const Value& init, bool& inserted) {
    assert(probe.packed);
    return {packed_.find_or_insert(probe.key, init, inserted), packed_.generation(), false};
  }

  // p's entry, inserted with `init` when absent (`inserted` says which).
  Handle find_or_insert(const Position& p, const Value& init, bool& inserted) {
    if constexpr (Hook::kPacks) {
      const auto key = game_.key(p);
      if constexpr (Hook::kAlways) {
        return {packed_.find_or_insert(key, init, inserted), packed_.generation(), false};
      } else if (key) {
        return {packed_.find_or_insert(*key, init, inserted), packed_.generation(), false};
      }
    }
    return find_or_insert_whole(p, init, inserted);
  }

  // The value at h while nothing was inserted since h was returned.
  Value& at(Handle h) { return h.whole ? whole_.value(h.slot).value : packed_.value(h.slot); }
  // The value at h, which was returned for p: p is found again if its table
  // has grown since.
  Value& at(Handle h, const Position& p) {
    if (!h.whole) {
      if (h.generation != packed_.generation()) h.slot = find_packed(p);
      return packed_.value(h.slot);
    }
    if (h.generation != whole_.generation()) h.slot = find_whole(p);
    return whole_.value(h.slot).value;
  }

  // Stored positions.
  std::uint64_t size() const { return packed_.size() + whole_.size(); }
  // The memory the entries take: the slot arrays, and the arena's positions
  // (not counting what a position owns on the heap, such as a vector's
  // elements).
  std::uint64_t bytes() const {
    return packed_.bytes() + whole_.bytes() + arena_.capacity() * sizeof(Position);
  }
  void clear() {
    packed_.clear();
    whole_.clear();
    arena_ = {};
  }

 private:
  using Hook = detail::KeyHook<G>;
  struct WholeValue {
    Value value;
    std::uint32_t index;  // into arena_
  };

  // The hash of a position that does not pack: never zero, so that no entry
  // needs the side slot (which holds one entry, and these keys repeat).
  std::uint64_t whole_key(const Position& p) const { return mix64(game_.hash(p)) | 1; }

  // A slot whose position could not be copied into the arena (an exception)
  // is marked dead and never matches.
  static constexpr std::uint32_t kDead = UINT32_MAX;
  bool holds(const WholeValue& v, const Position& p) const {
    return v.index != kDead && arena_[v.index] == p;
  }

  Handle find_or_insert_whole(const Position& p, const Value& init, bool& inserted) {
    if (arena_.size() >= kDead) throw std::bad_alloc();
    const auto index = static_cast<std::uint32_t>(arena_.size());
    const std::size_t slot =
        whole_.find_or_insert(whole_key(p), WholeValue{init, index}, inserted,
                              [&](const WholeValue& v) { return holds(v, p); });
    if (inserted) {
      try {
        arena_.push_back(p);
      } catch (...) {
        whole_.value(slot).index = kDead;
        throw;
      }
    }
    return {slot, whole_.generation(), true};
  }

  std::size_t find_packed(const Position& p) const {
    if constexpr (Hook::kPacks) {
      const auto key = game_.key(p);
      if constexpr (Hook::kAlways) {
        return packed_.find(key);
      } else {
        assert(key);
        return packed_.find(*key);
      }
    }
    return packed_.kAbsent;
  }
  std::size_t find_whole(const Position& p) const {
    return whole_.find(whole_key(p), [&](const WholeValue& v) { return holds(v, p); });
  }

  const G& game_;
  FlatTable<typename Hook::Key, Value> packed_;
  FlatTable<std::uint64_t, WholeValue> whole_;
  std::vector<Position> arena_;
};

}  // namespace perfectplay
