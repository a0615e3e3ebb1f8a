import { splitCSSRules } from './css-rules';

describe('splitCSSRules', () => {
  it('gives back the rules Griffel concatenated into a bucket, each as it was written', () => {
    const rules = [
      '.fe3e8s9{color:red;}',
      '.f10q6zxg:hover{color:blue;}',
      '@media (min-width: 600px){.f1wwrwbx{color:green;}}',
      '@supports (display:grid){@media (prefers-reduced-motion:reduce){.a{animation:none;}}}',
      '@keyframes f1{from{opacity:0;}to{opacity:1;}}',
      '@layer base;',
      '.f1{content:"}{";}',
      ".f2{content:'\\'}';}",
      '.f3\\{x\\}{color:red;}',
      '.f4::after{content:"\\"{";}',
      '.f5{content:"\\\\";}',
      '.f6{color:red;}',
    ];
    expect(splitCSSRules(rules.join(''))).toEqual(rules);
  });

  it('gives nothing for an empty element, and keeps an unfinished rule whole', () => {
    expect(splitCSSRules('')).toEqual([]);
    expect(splitCSSRules('.a{color:red;}.b{color:')).toEqual(['.a{color:red;}', '.b{color:']);
  });
});
