/// The page's inline style and script: no file, font or library from anywhere else.
enum ReportAssets {
    /// First in `<head>`: any script error is written on the root element (`data-errors`), so a
    /// headless browser's DOM dump shows it.
    static let errorRecorder = """
        window.addEventListener('error',function(e){var d=document.documentElement;d.setAttribute('data-errors',(d.getAttribute('data-errors')||'')+(e.message||'error')+';');});
        """

    static let css = """
        *{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fafafa}
        header{padding:8px 16px}h1{font-size:20px;margin:0}header p{margin:2px 0;color:#555}h2{font-size:18px;margin:16px 0 8px}h3{font-size:15px;margin:0 0 6px}
        .mapview{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:0 12px;padding:0 16px}
        .mapbox{position:relative;height:min(76vh,900px);border:1px solid #ccc;background:#eef1f4}
        #map{width:100%;height:100%;display:block;cursor:grab;touch-action:none}
        .land{fill:#eef1f4}.streets{fill:none;stroke:#a9b0b8;stroke-width:0.6px;vector-effect:non-scaling-stroke;stroke-linejoin:round}
        .parks rect{fill:#b9dfae}.scale path{stroke:#444;stroke-width:2px;vector-effect:non-scaling-stroke}.scale text{fill:#444}
        .pt{stroke:#fff;stroke-width:0.8px;vector-effect:non-scaling-stroke;cursor:pointer}.pt.sel{stroke:#000;stroke-width:2.5px}
        .zoom{position:absolute;top:8px;left:8px;display:flex;flex-direction:column;gap:4px}
        .zoom button{width:30px;height:30px;font-size:18px;border:1px solid #999;background:#fff;border-radius:4px;cursor:pointer}
        #tip{position:fixed;pointer-events:none;background:#fff;border:1px solid #888;border-radius:4px;padding:4px 8px;max-width:360px;box-shadow:0 1px 4px #0003;font-size:13px}
        #panel{grid-row:span 2;height:min(76vh,900px);overflow:auto;border:1px solid #ccc;background:#fff;padding:8px 12px}
        #panel h3{margin-top:4px}#panel ul{padding-left:18px;margin:4px 0}#panel .meta{color:#555}.hint{color:#666}
        .legend{font-size:13px}.legend ul{list-style:none;padding:0;margin:6px 0;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center}
        .legend li{display:flex;align-items:center;gap:5px}.legend p{margin:4px 0;color:#555}
        .sw{display:inline-block;width:11px;height:11px;border-radius:50%;vertical-align:middle;margin-right:4px}
        .sw.park{background:#b9dfae;border-radius:0}.sw.street{background:#a9b0b8;border-radius:0;height:3px}
        .size{display:inline-block;border-radius:50%;border:1px solid #555}
        main{padding:0 16px 24px}.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:12px}
        .card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 12px;overflow:auto}.card.wide{grid-column:1/-1}
        table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:2px 6px;border-bottom:1px solid #eee;vertical-align:top}
        .num{text-align:right;font-variant-numeric:tabular-nums}.empty{color:#777}
        .bar{display:flex;height:18px;margin:4px 0 8px;border-radius:3px;overflow:hidden}.bar span{display:block;height:100%}
        .meter{display:inline-block;height:10px;background:#7aa6c2;min-width:1px}
        .histogram{display:flex;align-items:flex-end;gap:4px;height:150px;padding-top:16px}
        .histogram div{flex:1;display:flex;flex-direction:column;justify-content:flex-end;align-items:center;height:100%;font-size:11px}
        .histogram .col{display:block;width:100%;background:#7aa6c2;min-height:1px}.histogram .label{color:#555}
        pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:6px;font-size:12px}details{margin:4px 0}summary{cursor:pointer}
        @media (max-width:900px){.mapview{grid-template-columns:1fr}#panel{height:auto}}
        """

    /// Zoom (wheel, buttons), pan (drag), a tooltip on hover and the details panel on click.
    /// Text from data is set with `textContent`, never parsed as HTML.
    static let script = """
        (function(){
        var svg=document.getElementById('map');var root=document.documentElement;
        if(!svg){root.setAttribute('data-ready','1');return;}
        var data=JSON.parse(document.getElementById('place-data').textContent);
        var full=svg.getAttribute('viewBox').split(' ').map(Number),view=full.slice();
        var pts=svg.querySelectorAll('circle.pt'),radii=[],i;
        for(i=0;i<pts.length;i++)radii.push(parseFloat(pts[i].getAttribute('r')));
        var parks=svg.querySelectorAll('.parks rect'),side=parks.length?parseFloat(parks[0].getAttribute('width')):0,centres=[];
        for(i=0;i<parks.length;i++)centres.push([parseFloat(parks[i].getAttribute('x'))+side/2,parseFloat(parks[i].getAttribute('y'))+side/2]);
        var tip=document.getElementById('tip'),panel=document.getElementById('panel'),selected=null;
        function draw(){svg.setAttribute('viewBox',view.map(function(v){return v.toFixed(1);}).join(' '));var z=full[2]/view[2];
        for(var k=0;k<pts.length;k++)pts[k].setAttribute('r',(radii[k]/z).toFixed(2));
        var d=side/Math.sqrt(z);for(k=0;k<parks.length;k++){var r=parks[k];r.setAttribute('x',(centres[k][0]-d/2).toFixed(1));
        r.setAttribute('y',(centres[k][1]-d/2).toFixed(1));r.setAttribute('width',d.toFixed(1));r.setAttribute('height',d.toFixed(1));}}
        function toMap(e){var p=svg.createSVGPoint();p.x=e.clientX;p.y=e.clientY;return p.matrixTransform(svg.getScreenCTM().inverse());}
        function zoomAt(f,x,y){var z=full[2]/(view[2]/f);if(z<=1){view=full.slice();draw();return;}if(z>64)f=view[2]/(full[2]/64);
        view=[x-(x-view[0])/f,y-(y-view[1])/f,view[2]/f,view[3]/f];draw();}
        svg.addEventListener('wheel',function(e){e.preventDefault();var p=toMap(e);zoomAt(e.deltaY<0?1.25:0.8,p.x,p.y);},{passive:false});
        var drag=null;
        svg.addEventListener('pointerdown',function(e){if(e.target.classList.contains('pt'))return;drag=toMap(e);svg.setPointerCapture(e.pointerId);svg.style.cursor='grabbing';});
        svg.addEventListener('pointermove',function(e){if(drag){var p=toMap(e);view[0]-=p.x-drag.x;view[1]-=p.y-drag.y;draw();}else if(!tip.hidden){place(e);}});
        function stop(){drag=null;svg.style.cursor='';}
        svg.addEventListener('pointerup',stop);svg.addEventListener('pointercancel',stop);
        document.querySelectorAll('.zoom button').forEach(function(b){b.addEventListener('click',function(){var m=b.getAttribute('data-zoom');
        if(m==='reset'){view=full.slice();draw();return;}zoomAt(m==='in'?1.5:1/1.5,view[0]+view[2]/2,view[1]+view[3]/2);});});
        function place(e){tip.style.left=(e.clientX+14)+'px';tip.style.top=(e.clientY+14)+'px';}
        function records(n){return n+(n===1?' record':' records');}
        svg.addEventListener('pointerover',function(e){var t=e.target;if(!t.classList.contains('pt'))return;var d=data[+t.getAttribute('data-i')];
        tip.textContent=(d[5].length?d[5][0][0]:'')+' — '+d[0]+', '+records(d[1]);tip.hidden=false;place(e);});
        svg.addEventListener('pointerout',function(e){if(e.target.classList.contains('pt'))tip.hidden=true;});
        function add(parent,tag,text,cls){var el=document.createElement(tag);if(text!==undefined)el.textContent=text;if(cls)el.className=cls;parent.appendChild(el);return el;}
        function list(title,items,more){add(panel,'h4',title);var ul=add(panel,'ul');items.forEach(function(it){add(ul,'li',it[0]+(it[1]>1?' ×'+it[1]:''));});
        if(more>0)add(ul,'li','… and '+records(more));}
        svg.addEventListener('click',function(e){var t=e.target;if(!t.classList.contains('pt'))return;var d=data[+t.getAttribute('data-i')];
        if(selected)selected.classList.remove('sel');selected=t;t.classList.add('sel');panel.textContent='';
        add(panel,'h3',d[5].length?d[5][0][0]:'(no location text)');
        add(panel,'p',d[0]+(d[2]===null?'':', score '+d[2])+(d[4]?', '+d[4]:''),'meta');
        if(d[3])add(panel,'p','Matched: '+d[3]);
        add(panel,'p',records(d[1])+(d[11]>1?' at '+d[11]+' places merged into this point':'')+' · '+d[9]+', '+d[10],'meta');
        list('Location texts',d[5],d[6]);list('Records',d[7],d[8]);});
        var box=svg.getBoundingClientRect();
        svg.setAttribute('data-box',[box.left,box.top,box.width,box.height].map(Math.round).join(','));
        root.setAttribute('data-ready','1');
        })();
        """
}
