/**
 * The whole stylesheet, inlined into every document: the first page then needs no render-blocking
 * request, and at ~2 KB compressed it costs less than a second round trip on a slow phone.
 * System fonts only.
 */
export const styles = /* css */ `
:root{--ink:#14213d;--muted:#4a5568;--line:#d7dde5;--bg:#f6f8fb;--brand:#0b5d4f;--brand-ink:#fff;--plate:#ffd200;--gb:#1d3f9a;--danger:#b42318;--danger-bg:#fef3f2;--ok:#067647;--radius:10px;color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--brand)}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
h1,h2,h3{line-height:1.2;margin:0 0 .5em}
h1{font-size:clamp(1.6rem,5vw,2.4rem)}
h2{font-size:1.3rem}
p{margin:0 0 1em}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:10}
.wrap{max-width:1120px;margin:0 auto;padding:0 16px}
.site-header{background:#fff;border-bottom:1px solid var(--line);position:relative;z-index:20}
.site-header.translucent{background:rgba(255,255,255,.82);-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);position:sticky;top:0}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;min-height:56px;gap:12px}
.header-end{display:flex;align-items:center;gap:8px}
.nav-list,.nav-list ul{list-style:none;margin:0;padding:0}
.main-nav{display:none}
.main-nav>.nav-list{display:flex;gap:4px;align-items:center}
.main-nav a,.menu summary{display:inline-flex;align-items:center;min-height:44px;padding:0 10px;text-decoration:none;color:var(--ink);font-weight:600;border-radius:6px}
.menu{position:relative}
.menu summary{cursor:pointer;list-style:none;gap:6px}
.menu summary::-webkit-details-marker{display:none}
.menu>summary::after{content:"";width:7px;height:7px;border:solid currentColor;border-width:0 2px 2px 0;transform:rotate(45deg) translateY(-2px)}
.menu[open]>summary::after{transform:rotate(-135deg)}
.menu-panel{position:absolute;right:0;top:100%;min-width:14rem;margin:4px 0 0;padding:8px;background:#fff;border:1px solid var(--line);border-radius:10px;box-shadow:0 10px 30px rgba(20,33,61,.18);z-index:30}
.menu-panel a{display:flex;align-items:center;gap:8px;min-height:44px;padding:0 10px;color:var(--ink);text-decoration:none}
.menu-panel a:hover,.main-nav a:hover,.menu summary:hover{background:var(--bg)}
.mobile-menu .menu-panel{position:fixed;left:8px;right:8px;top:60px;max-height:calc(100vh - 76px);overflow:auto}
.mobile-menu .nav-list>li{border-top:1px solid var(--line);padding:4px 0}
.mobile-menu .nav-list>li:first-child{border-top:0}
.menu-heading{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:8px 10px 0}
.burger{width:18px;height:12px;border:solid currentColor;border-width:2px 0;position:relative}
.burger::before{content:"";position:absolute;left:0;right:0;top:3px;border-top:2px solid currentColor}
.mobile-menu>summary::after{display:none}
.badge{display:inline-block;background:var(--plate);color:#111;font-size:.7rem;font-weight:700;padding:2px 6px;border-radius:999px;margin-left:6px}
.logo{font-weight:800;font-size:1.25rem;text-decoration:none;color:var(--ink);letter-spacing:-.02em}
.logo span{color:var(--brand)}
.site-nav{display:flex;gap:16px;align-items:center;font-size:.95rem}
.site-nav a{text-decoration:none;color:var(--ink)}
main{display:block;padding:24px 0 48px}
.site-footer{font-size:.95rem}
.footer-reviews,.footer-lookup{padding:32px 0;border-top:1px solid var(--line)}
.footer-reviews{background:#fff}
.footer-lookup{background:var(--brand);color:#fff}
.footer-lookup .field label{color:#fff}
.footer-lookup .btn{background:var(--plate);color:#111}
.footer-lookup .field-error{color:#fff;background:var(--danger);padding:4px 8px;border-radius:4px;display:inline-block}
.footer-main{background:var(--ink);color:#e2e8f0;padding:32px 0}
.footer-main a,.footer-main .btn.link{color:#fff}
.footer-main h2{font-size:1rem;color:#fff;margin:0 0 8px}
.footer-main ul{list-style:none;padding:0;margin:0 0 16px;display:flex;flex-wrap:wrap;gap:8px 20px}
.footer-columns{display:grid;gap:16px;grid-template-columns:repeat(2,1fr)}
.footer-columns ul{flex-direction:column;gap:0}
.footer-columns a,.legal a{display:inline-block;padding:6px 0}
.disclaimers{font-size:.85rem;color:#cbd5e1;border-top:1px solid #334155;padding-top:16px;margin-top:8px}
.disclaimers p:target{outline:2px solid var(--plate);outline-offset:4px}
.copyright{margin:0}
.support-chat{margin:0 0 16px}
.logo-row{display:flex;flex-wrap:wrap;gap:16px;list-style:none;padding:0;margin:0;align-items:center}
.logo-row img{display:block;height:48px;width:auto}
.hero{background:var(--brand);color:var(--brand-ink);border-radius:var(--radius);padding:24px 16px}
.hero a{color:#fff}
.hero .strap{opacity:.92;max-width:36rem}
.card{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:20px 16px;margin:0 0 16px;overflow-wrap:break-word}
.field{margin:0 0 16px}
.field label{display:block;font-weight:600;margin:0 0 6px}
.field .hint{display:block;color:var(--muted);font-size:.9rem;margin:-2px 0 6px}
.hero>.field .hint,.hero form .hint{color:#d8efe9}
.hero .card{color:var(--ink)}
.hero .card .field label{color:var(--ink)}
.hero .card .hint{color:var(--muted)}
.hero .card .btn:not(.link){background:var(--ink);color:#fff}
.hero .card .btn.link{color:var(--brand)}
.strap .footnote{color:inherit;font-weight:700;text-decoration:none;padding:0 2px}
.input{width:100%;font:inherit;padding:12px;border:2px solid var(--ink);border-radius:6px;background:#fff;color:var(--ink)}
.input[aria-invalid=true]{border-color:var(--danger)}
.field-error{color:var(--danger);font-weight:600;margin:6px 0 0}
.hero .field-error{color:#fff;background:var(--danger);padding:4px 8px;border-radius:4px;display:inline-block}
.plate{display:flex;border:2px solid var(--ink);border-radius:6px;overflow:hidden;background:var(--plate);max-width:22rem}
.plate::before{content:"UK";display:flex;align-items:flex-end;padding:6px 8px;background:var(--gb);color:#fff;font-weight:700;font-size:.8rem}
.plate input{flex:1;min-width:0;border:0;background:transparent;font:700 1.6rem/1 "Arial Black",Arial,sans-serif;text-transform:uppercase;padding:12px;color:#111;letter-spacing:.04em}
.plate input::placeholder{color:#6b5d00}
.plate:focus-within{outline:3px solid #ffbf47;outline-offset:2px}
.plate.invalid{border-color:var(--danger);box-shadow:0 0 0 2px var(--danger)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;font-family:inherit;font-weight:600;font-size:1rem;line-height:1.1;padding:14px 20px;border-radius:8px;border:2px solid transparent;background:var(--ink);color:#fff;cursor:pointer;text-decoration:none;min-height:48px}
.btn.secondary{background:#fff;color:var(--ink);border-color:var(--ink)}
.btn.link{background:none;border:0;color:var(--brand);text-decoration:underline;padding:0;min-height:auto}
.hero .btn:not(.link){background:var(--plate);color:#111}
.btn[aria-disabled=true],.btn:disabled{opacity:.6;cursor:progress}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-top:12px}
.panel{border-radius:var(--radius);padding:16px;margin:0 0 16px;background:#fff;color:var(--ink);border-left:6px solid var(--danger)}
.panel h2{font-size:1.2rem}
.panel.info{border-left-color:var(--brand)}
.vehicle-head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;align-items:baseline}
.reg{display:inline-block;background:var(--plate);border:1px solid #111;border-radius:4px;padding:2px 8px;font-weight:800;letter-spacing:.04em}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;font-weight:600}
.skeleton{color:var(--muted)}
.muted{color:var(--muted)}
.big{font-size:2rem;font-weight:800}
.stack>*+*{margin-top:16px}
.review-link{margin:16px 0 0}
.account{display:flex;align-items:center;gap:8px;position:relative}
.account-link{display:inline-flex;align-items:center;gap:8px;font-weight:600}
.initials{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:50%;background:var(--brand);color:#fff;font-size:.8rem;font-weight:700}
.account-menu>summary::after{display:none}
.main-nav .nav-list>li:last-child .menu-panel{left:0;right:auto}
.account-menu .menu-panel{list-style:none;min-width:10rem}
.account-menu li{padding:2px 0}
.account-menu .btn.link{min-height:44px;padding:0 10px}
.toast{border-radius:var(--radius);padding:12px 16px;margin:0 0 16px;font-weight:600}
.toast.error{background:var(--danger-bg);color:var(--danger);border:1px solid var(--danger)}
.toast.ok{background:#ecfdf3;color:var(--ok);border:1px solid var(--ok)}
.toast.warn{background:#fffbeb;color:#7c2d12;border:1px solid #b45309}
fieldset{border:0;padding:0;margin:0 0 16px}
.check{display:flex;gap:10px;align-items:flex-start}
.check input{width:22px;height:22px;margin-top:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.contents{display:contents}
.tabs{display:flex;gap:4px;border-bottom:2px solid var(--line);overflow-x:auto}
.tabs a{padding:10px 14px;text-decoration:none;color:var(--ink);border-bottom:3px solid transparent;margin-bottom:-2px;white-space:nowrap}
.tabs a.active{border-bottom-color:var(--brand);font-weight:700}
.vehicle-list{list-style:none;padding:0;margin:0}
.vehicle-list li{display:flex;justify-content:space-between;gap:12px;align-items:flex-start;padding:12px 0;border-top:1px solid var(--line)}
.vehicle-list.uploads li{flex-wrap:wrap}
.vehicle-list.uploads li>div{flex:1 1 16rem}
.timeline{list-style:none;margin:0;padding:0}
.timeline li{display:flex;gap:12px;padding:8px 0;position:relative}
.timeline .marker{flex:none;width:24px;height:24px;border-radius:50%;border:2px solid var(--line);display:grid;place-items:center;font-size:.8rem;font-weight:700;background:#fff}
.timeline .done .marker{background:var(--ok);border-color:var(--ok);color:#fff}
.timeline .current .marker{border-color:var(--brand);box-shadow:0 0 0 3px #bfe3da}
.timeline .upcoming .marker{border-style:dashed}
.timeline p{margin:2px 0 0}
.offer{border:2px solid var(--brand)}
.choices{display:grid;gap:8px}
.choices label{display:flex;gap:10px;align-items:center;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:#fff}
.buyer-logo{display:inline-grid;place-items:center;min-width:56px;height:56px;padding:0 10px;border-radius:12px;background:var(--ink);color:#fff;font-weight:800;font-size:1.2rem;margin:0 0 12px}
.email-body{white-space:pre-wrap;font:inherit;background:var(--bg);padding:12px;border-radius:6px;overflow-wrap:anywhere}
.input.mileage{max-width:12rem;font-size:1.25rem}
.small{font-size:.875rem}
.ranges{display:flex;gap:4px;flex-wrap:wrap;margin:0 0 12px;padding:0;list-style:none}.ranges a{display:inline-flex;align-items:center;min-height:44px;min-width:48px;justify-content:center;padding:0 10px;border:1px solid var(--line);border-radius:8px;text-decoration:none;color:var(--ink);font-weight:600}.ranges a[aria-current]{background:var(--ink);color:#fff;border-color:var(--ink)}
.tracker-figure{margin:0}.tracker-chart{width:100%;height:auto;display:block}.tracker-dev,.tracker-note{margin-top:16px}.tracker-chart text{font-size:11px;fill:var(--muted)}
.stats{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin:0 0 12px}.stats dt{font-size:.875rem;color:var(--muted)}.stats dd{margin:0;font-weight:700;font-size:1.15rem}
.prose{max-width:46rem}
.prose h2{margin-top:1.4em}
.prose>h2:first-child{margin-top:0}
.prose ul,.prose ol{padding-left:1.3em;margin:0 0 1em}
.prose li{margin:0 0 .4em}
.sources{border-top:1px solid var(--line);margin-top:24px;padding-top:8px;font-size:.9rem}
.entry-list{list-style:none;margin:0;padding:0}
.brand-list{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(2,1fr);gap:4px 16px}
.brand-list a{display:inline-block;padding:8px 0}
.partner-banner{margin:0;font-weight:700;color:var(--brand)}
.sources-list{padding-left:1.2em}
.entry-list h2{font-size:1.15rem}
.section{padding:8px 0}
.benefits{list-style:none;padding:0;margin:0;display:grid;gap:12px}
.benefits li{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:14px 16px 14px 44px;position:relative}
.benefits li::before{content:"";position:absolute;left:16px;top:19px;width:14px;height:8px;border:solid var(--ok);border-width:0 0 3px 3px;transform:rotate(-45deg)}
.video-box{max-width:512px;aspect-ratio:512/310;border-radius:var(--radius);overflow:hidden;background:var(--ink)}
.video-box iframe{display:block;width:100%;height:100%;border:0}
.video-facade{display:flex;flex-direction:column;gap:12px;align-items:center;justify-content:center;width:100%;height:100%;color:#fff;text-decoration:none;font-weight:600;text-align:center;padding:16px;background:linear-gradient(135deg,var(--brand),var(--ink))}
.video-facade .play{width:64px;height:64px;border-radius:50%;background:var(--plate);position:relative}
.video-facade .play::after{content:"";position:absolute;left:26px;top:20px;border:12px solid transparent;border-left:18px solid #111;border-right:0}
.steps,.carousel-track{list-style:none;margin:0;padding:0 0 8px;display:grid;grid-auto-flow:column;gap:24px;overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain}
.steps{grid-auto-columns:calc((100% - 24px)/1.2)}
.step,.slide{scroll-snap-align:start}
.step{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:16px}
.step h3{font-size:1.1rem}
.step-number{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:50%;background:var(--brand);color:#fff;font-weight:800;margin-bottom:8px}
.carousel{position:relative}
.carousel-track,.steps{position:relative}
.carousel-track{grid-auto-columns:calc(100% - 32px)}
.carousel-controls{display:flex;justify-content:flex-end;gap:8px;margin-top:8px}
.carousel-controls.pending{visibility:hidden}
.carousel-button{width:44px;height:44px;border-radius:50%;border:1px solid var(--ink);background:#fff;color:var(--ink);font-size:1.5rem;line-height:1;cursor:pointer}
.review-card,.sale-card{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:16px;height:100%}
.review-card p{margin:0 0 8px}
.review-title{font-size:1.05rem;margin:0 0 6px}
.stars{color:#b45309;letter-spacing:2px}
.review-row{display:grid;gap:16px}
.sale-card img{display:block;margin:0 auto 8px;border-radius:8px;background:var(--bg)}
.sale-card h3{font-size:1rem;margin:0 0 4px}
.sale-card p{margin:0}
.cookie-notice{background:#fff;border-bottom:3px solid var(--brand);padding:16px 0}
.cookie-notice h2{font-size:1.1rem}
.cookie-notice p{margin:0 0 8px}
.sticky-vrm{position:sticky;bottom:0;z-index:15;display:flex;gap:8px;align-items:flex-end;background:#fff;border-top:1px solid var(--line);box-shadow:0 -6px 20px rgba(20,33,61,.15);padding:8px 16px;margin-top:24px;transition:transform .2s,visibility .2s}
.sticky-vrm.off{transform:translateY(120%);visibility:hidden}
.sticky-vrm form:first-child{display:flex;gap:8px;align-items:flex-end;flex:1;min-width:0}
.sticky-vrm .field{margin:0;flex:1;min-width:0}
.sticky-vrm .field label{font-size:.85rem;margin-bottom:2px}
.sticky-vrm .plate input{font-size:1.1rem;padding:8px}
.sticky-vrm .btn{min-height:44px;padding:10px 14px}
.sticky-vrm .close{width:44px;height:44px;border:0;background:none;font-size:1.6rem;cursor:pointer;color:var(--ink)}
.wide-only{display:none}
dialog.modal{border:0;border-radius:var(--radius);padding:20px 16px;max-width:min(32rem,calc(100vw - 32px));box-shadow:0 10px 40px rgba(20,33,61,.35);color:var(--ink)}
dialog.modal:not(:modal){position:static;margin:16px 0;width:auto;max-width:none;border:2px solid var(--ink)}
dialog.modal::backdrop{background:rgba(20,33,61,.55)}
dialog.modal:modal{animation:modal-in .25s ease-out}
dialog.modal.closing,dialog.modal.closing::backdrop{opacity:0;transition:opacity .25s}
@keyframes modal-in{from{opacity:0;transform:translateY(12px)}}
.modal-close{float:right;font-size:1.6rem;line-height:1;text-decoration:none;color:var(--ink);padding:4px 8px}
.mot-status{background:#fff;border:1px solid var(--line);border-left:6px solid var(--ok);border-radius:var(--radius);padding:16px}
.mot-status.bad{border-left-color:var(--danger)}
.mot-status p:last-child,.mot-test .defects ul{margin-bottom:0}
.mileage-chart{display:block;width:100%;height:auto;max-width:36rem}
.mot-test h3 .result{display:inline-block;padding:2px 8px;border-radius:4px;font-size:.9rem;color:#fff;background:var(--ok)}
.mot-test h3 .result.fail{background:var(--danger)}
.mot-test .defects{margin-top:12px}
.mot-test .defects h4{margin:0 0 4px;font-size:1rem}
.mot-test .defects ul{padding-left:1.2em}
.mot-test .defects.dangerous h4,.mot-test .defects.major h4{color:var(--danger)}
.small{font-size:.875rem}
@media (prefers-reduced-motion:reduce){dialog.modal:modal{animation:none}.sticky-vrm{transition:none}}
.verdict{border-radius:var(--radius);padding:12px 16px;margin:12px 0;border-left:6px solid var(--ok);background:#ecfdf3}
.verdict.no{border-left-color:var(--danger);background:var(--danger-bg)}
.verdict .big{font-size:1.35rem;margin:0 0 4px}
.zone-list{list-style:none;padding:0;margin:0}
.zone-list li{border-top:1px solid var(--line);padding:12px 0}
.zone-list h3{font-size:1.05rem;margin:0 0 4px}
.kept-fields{margin:0 0 12px}.kept-fields div{display:flex;flex-wrap:wrap;gap:0 8px}.kept-fields dt{font-weight:700}.kept-fields dd{margin:0}
@media (min-width:576px){.carousel-track{grid-auto-columns:calc((100% - 24px)/2)}.review-row{grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}.wide-only{display:inline}.phone-only{display:none}}
@media (min-width:745px){.steps{grid-auto-columns:calc((100% - 24px)/1.5)}.carousel-track{grid-auto-columns:calc((100% - 48px)/3)}.footer-columns{grid-template-columns:repeat(3,1fr)}.benefits{grid-template-columns:repeat(2,1fr)}}
@media (min-width:1040px){.steps{grid-auto-columns:auto;grid-auto-flow:row;grid-template-columns:repeat(4,1fr)}.carousel-track{grid-auto-columns:calc((100% - 72px)/4)}.main-nav{display:block}.mobile-menu{display:none}}
@media (min-width:744px){.hero{padding:40px}main{padding-top:32px}}
`;
