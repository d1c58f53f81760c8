// bench/matchers.py's harness: LEMON 1.3's maximum weighted matching of one graph, timed on CPU.
//
// stdin: "n m raise", then m lines "u v weight" (integers of up to 120 bits, as the Swiss engine's weights are);
// each weight is raised by `raise` (bench/matchers.py: larger than any matching's total, so every maximum-weight
// matching is a maximum-cardinality one, as rustworkx's max_cardinality=True gives). argv[1]: how many times to
// solve it. stderr: one line per solve, the CPU seconds of the matching alone (std::clock, reading excluded).
// stdout: the last solve's matching, one "u v" per line (u < v). Build: g++ -O2 -std=gnu++17 (GNU mode: the
// library's std::numeric_limits<__int128>).
#include <lemon/list_graph.h>
#include <lemon/matching.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

typedef __int128 Weight;

static Weight parse(const std::string &text) {
  Weight value = 0;
  size_t i = text[0] == '-' ? 1 : 0;
  for (; i < text.size(); ++i) value = value * 10 + (text[i] - '0');
  return text[0] == '-' ? -value : value;
}

int main(int argc, char **argv) {
  using lemon::ListGraph;
  int repeats = argc > 1 ? std::atoi(argv[1]) : 1;
  int n = 0, m = 0;
  std::string raise_text, weight_text;
  if (!(std::cin >> n >> m >> raise_text)) return 2;
  Weight raise = parse(raise_text);
  ListGraph graph;
  std::vector<ListGraph::Node> nodes;
  for (int i = 0; i < n; ++i) nodes.push_back(graph.addNode());
  ListGraph::EdgeMap<Weight> weight(graph);
  for (int i = 0; i < m; ++i) {
    int u = 0, v = 0;
    if (!(std::cin >> u >> v >> weight_text) || u < 0 || v < 0 || u >= n || v >= n) return 2;
    weight[graph.addEdge(nodes[u], nodes[v])] = parse(weight_text) + raise;
  }
  std::vector<int> mate(n, -1);
  for (int r = 0; r < repeats; ++r) {
    std::clock_t start = std::clock();
    lemon::MaxWeightedMatching<ListGraph, ListGraph::EdgeMap<Weight>> matching(graph, weight);
    matching.run();
    double spent = double(std::clock() - start) / CLOCKS_PER_SEC;
    std::fprintf(stderr, "%.6f\n", spent);
    for (int i = 0; i < n; ++i) {
      ListGraph::Node other = matching.mate(nodes[i]);
      mate[i] = other == lemon::INVALID ? -1 : graph.id(other);
    }
  }
  for (int i = 0; i < n; ++i)
    if (mate[i] > i) std::printf("%d %d\n", i, mate[i]);
  return 0;
}
