/**
 * Browser scripts of GraphiQL's page, kept as text: they run in the browser, not in Node, and must not
 * be transformed by the server's build.
 */

/** Monaco's workers come from this service too (before GraphiQL's bundle loads). */
export const GRAPHIQL_WORKERS_SCRIPT = `(function () {
  'use strict';
  var base = document.currentScript.src.replace(/[^/]*$/, '');
  var workers = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) { return base + (workers[label] || workers.editorWorkerService); },
  };
})();
`;

/**
 * Renders GraphiQL with a fetcher of our own: queries and mutations are POSTed with the headers typed
 * in GraphiQL's header editor; subscriptions go over graphql-ws with those same headers as
 * connectionParams (a browser cannot set headers on a WebSocket), one socket per subscription.
 */
export const GRAPHIQL_BOOT_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('root');
  var options = JSON.parse(root.getAttribute('data-options') || '{}');
  var httpUrl = new URL(options.endpoint || location.pathname, location.href);
  var wsUrl = new URL(httpUrl.href);
  wsUrl.protocol = httpUrl.protocol === 'https:' ? 'wss:' : 'ws:';

  // The operation's kind from the top level of the text being sent (nothing inside braces or
  // parentheses); GraphiQL's parsed document may still be the one before the last edit.
  function operationKind(params) {
    var text = String(params.query || '')
      .replace(/"""[\\s\\S]*?"""|"(?:[^"\\\\\\n]|\\\\.)*"/g, '""')
      .replace(/#[^\\n\\r]*/g, '');
    var words = [];
    var depth = 0;
    var word = /[_A-Za-z][_0-9A-Za-z]*/y;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === '{' || c === '(' || c === '[') depth++;
      else if (c === '}' || c === ')' || c === ']') depth--;
      else if (depth === 0 && /[_A-Za-z]/.test(c)) {
        word.lastIndex = i;
        var found = word.exec(text)[0];
        words.push(found);
        i += found.length - 1;
      }
    }
    var first;
    for (var j = 0; j < words.length; j++) {
      if (!/^(query|mutation|subscription)$/.test(words[j])) continue;
      if (!first) first = words[j];
      if (params.operationName && words[j + 1] === params.operationName) return words[j];
    }
    return first || 'query';
  }

  function body(params) {
    return { query: params.query, operationName: params.operationName || undefined, variables: params.variables || undefined };
  }

  function post(params, headers) {
    return fetch(httpUrl.href, {
      method: 'POST',
      credentials: 'same-origin',
      headers: Object.assign({ 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' }, headers),
      body: JSON.stringify(body(params)),
    }).then(function (response) {
      return response.text().then(function (text) {
        var result = null;
        try { result = JSON.parse(text); } catch (e) { /* not JSON: shown as an error below */ }
        return result !== null && typeof result === 'object' ? result : { errors: [{ message: 'HTTP ' + response.status + ': ' + text }] };
      });
    });
  }

  function describe(error) {
    if (Array.isArray(error)) return error.map(function (e) { return e.message; }).join('; ');
    if (error && typeof error.code === 'number') return 'WebSocket closed: ' + error.code + (error.reason ? ' ' + error.reason : '');
    return String((error && error.message) || error);
  }

  function subscribe(params, headers) {
    return {
      subscribe: function (observer) {
        var client = graphqlWs.createClient({ url: wsUrl.href, connectionParams: headers, lazy: true, retryAttempts: 0 });
        var ended = false;
        function end() {
          if (ended) return;
          ended = true;
          setTimeout(function () { client.dispose(); }, 0);
        }
        var stop = client.subscribe(body(params), {
          next: function (value) { observer.next(value); },
          error: function (error) { observer.next({ errors: [{ message: describe(error) }] }); observer.complete(); end(); },
          complete: function () { observer.complete(); end(); },
        });
        return { unsubscribe: function () { stop(); end(); } };
      },
    };
  }

  function fetcher(params, fetcherOptions) {
    var headers = (fetcherOptions && fetcherOptions.headers) || {};
    return operationKind(params) === 'subscription' ? subscribe(params, headers) : post(params, headers);
  }

  YogaGraphiQL.renderYogaGraphiQL(root, { title: options.title, fetcher: fetcher });
})();
`;
