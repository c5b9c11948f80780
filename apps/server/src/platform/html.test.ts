import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html.ts';

// Anything that could run script in the notice dialog must not survive; the editor's formatting must.
const dangerous = (out: string) =>
  /<script|<iframe|<object|<embed|<svg|<math|<style|<img|<form|<input|on\w+\s*=|javascript:|vbscript:|data:|style\s*=|srcdoc/i.test(
    out,
  );

describe('sanitizeHtml', () => {
  it('keeps the formatting the rich-text editor produces', () => {
    const html =
      '<h1>제목</h1><h2>소제목</h2><h3>작은 제목</h3><p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소선</s> <code>x = 1</code></p>' +
      '<pre><code class="language-ts">const a = 1;</code></pre><blockquote><p>인용</p></blockquote>' +
      '<ul><li><p>하나</p></li></ul><ol start="3"><li><p>셋</p></li></ol><p>줄<br>바꿈</p><hr>' +
      '<p><a href="https://example.com/a?b=1" target="_blank">링크</a> <a href="mailto:qa@eqms.example">메일</a></p>';
    const out = sanitizeHtml(html);
    for (const tag of [
      'h1',
      'h2',
      'h3',
      'strong',
      'em',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'hr',
    ]) {
      expect(out).toContain(`<${tag}`);
    }
    expect(out).toContain('<br />');
    expect(out).toContain('<code class="language-ts">');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">링크</a>',
    );
    expect(out).toContain('<a href="mailto:qa@eqms.example" rel="noopener noreferrer nofollow">메일</a>');
  });

  it.each([
    ['script tag', '<p>안내</p><script>alert(document.cookie)</script>', '<p>안내</p>'],
    ['script with src', '<script src="https://evil.example/x.js"></script><p>ok</p>', '<p>ok</p>'],
    ['img onerror', '<p>a<img src=x onerror=alert(1)>b</p>', '<p>ab</p>'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>ok</p>', '<p>ok</p>'],
    ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">클릭</p>', '<p>클릭</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    [
      'obfuscated javascript: link',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'entity-encoded javascript: link',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'upper-case JAVASCRIPT: link',
      '<a href=" JaVaScRiPt:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'data: URL link',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['protocol-relative link', '<a href="//evil.example/">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['iframe', '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>"></iframe><p>ok</p>', '<p>ok</p>'],
    [
      'style attribute and tag',
      '<style>body{background:url(javascript:alert(1))}</style><p style="background:url(x)">t</p>',
      '<p>t</p>',
    ],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['form and input', '<form action="https://evil.example"><input name="pw" autofocus onfocus=alert(1)></form>', ''],
    ['broken markup that browsers repair', '<p><scr<script>ipt>alert(1)</script></p>', '<p>ipt&gt;alert(1)</p>'],
    ['comment-hidden script', '<!--<script>alert(1)</script>--><p>ok</p>', '<p>ok</p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>ok</p>', '<p>ok</p>'],
    ['base href', '<base href="https://evil.example/"><p>ok</p>', '<p>ok</p>'],
    ['math with link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math><p>ok</p>', '<p>ok</p>'],
  ])('removes %s', (_name, input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(dangerous(out)).toBe(false);
  });

  it('drops a target other than _blank and any class outside code blocks', () => {
    expect(sanitizeHtml('<a href="https://a.example" target="opener" class="x">a</a><p class="evil">p</p>')).toBe(
      '<a href="https://a.example" rel="noopener noreferrer nofollow">a</a><p>p</p>',
    );
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; "a" &gt; b</p>')).toBe('<p>1 &lt; 2 &amp;&amp; "a" &gt; b</p>');
  });

  it('answers an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
