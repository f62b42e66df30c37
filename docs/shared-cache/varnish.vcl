# Varnish in front of one or more Inkwell instances (docs/operating.md, "A shared cache in front").
# Inkwell names what each anonymous answer shows in Surrogate-Key and sends a PURGE naming the keys
# a write changed (CACHE_PURGE_URL=http://<this varnish>/): each becomes a ban of the objects
# carrying any of them. Replace the backends with your instances; tested by
# apps/server/src/plugins/shared-cache.test.ts, which writes its own ports into a copy of this file.
vcl 4.1;

import directors;

backend instance_a { .host = "127.0.0.1"; .port = "3001"; }
backend instance_b { .host = "127.0.0.1"; .port = "3002"; }

# Who may purge: the instances.
acl purgers { "127.0.0.1"; "::1"; }

sub vcl_init {
  new instances = directors.round_robin();
  instances.add_backend(instance_a);
  instances.add_backend(instance_b);
}

sub vcl_recv {
  set req.backend_hint = instances.backend();
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    if (req.http.Surrogate-Key !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
      return (synth(400, "Surrogate-Key names no tags"));
    }
    # Keys are [a-z0-9-] only: "a b" becomes the pattern (^|\s)(a|b)(\s|$) (a ban's argument holds no space).
    ban({"obj.http.Surrogate-Key ~ (^|\s)("} + regsuball(req.http.Surrogate-Key, " ", "|") + {")(\s|$)"});
    return (synth(200, "Purged"));
  }
  # A signed-in client's calls carry its token: never from the cache (Varnish passes Authorization itself).
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "hit";
  } else {
    set resp.http.X-Cache = "miss";
  }
}
